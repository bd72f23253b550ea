import GalgenCore

/// A value shown alike on many pages (a photo's segment is on the eleven photo pages around it):
/// `PageTemplate` may reuse the text it rendered of a section over it (`SectionMemo`).
public protocol RepeatedScope: TemplateScope, Equatable {
    /// A number that mostly tells such values apart, cheaply (a whole value's hash reads all
    /// its text): the memo finds a value by it, then compares the whole value.
    var repeatKey: Int { get }
}

extension RepeatedScope {
    public var memoKey: Int? { repeatKey }

    /// The same value (compared whole).
    public func isSameRepeated(as other: any TemplateScope) -> Bool {
        other.isRepeated(equalTo: self)
    }

    public func isRepeated<Other: RepeatedScope>(equalTo other: Other) -> Bool {
        guard Other.self == Self.self else { return false }
        return withUnsafePointer(to: other) { $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee == self } }
    }
}

/// What `PageTemplate` rendered of a section over a `RepeatedScope`, kept while a run of pages
/// is rendered on one thread, so each segment is rendered once rather than on every page that
/// shows it.
///
/// The text of a section over an item depends on the item and on the names the section reads
/// below it (`{{labels.live}}`, `{{#useThumbnailSegments}}`: the page's). Each of those is kept
/// with the text, name and value, and the text is reused only where every one of them has the
/// same value again; a section that reads a list or a scope below its item is never kept.
final class SectionMemo {
    struct Key: Hashable {
        var section: Int
        var item: Int
    }

    struct Entry {
        var item: any TemplateScope
        /// The names read below the item, and what they were.
        var outer: [(name: TemplateName, value: TemplateData?)]
        var contentType: ObjectIdentifier
        var indentation: String?
        var text: String
    }

    var entries: [Key: Entry] = [:]

    /// Entries kept at most: a run of pages holds a few hundred segments.
    static let limit = 4096
}

/// A section over an item being rendered for the memo: what it read below the item.
struct SectionRecording {
    /// The item's place on the stack: a name found beneath it was read from the page.
    var depth: Int
    var outer: [(name: TemplateName, value: TemplateData?)] = []
    /// False once it read a list or a scope beneath the item (not compared, so not kept).
    var keepable = true

    mutating func note(_ name: TemplateName, _ value: TemplateData?, foundAt frame: Int) {
        guard frame < depth else { return }
        if let value, !value.isScalar { return keepable = false }
        outer.append((name, value))
    }
}

extension TemplateData {
    /// Text, a number or a flag: what a recording compares.
    var isScalar: Bool {
        switch self {
        case .text, .number, .flag: true
        case .scope, .list: false
        }
    }

    /// The same text, number or flag (never true of a scope or a list).
    static func same(_ one: TemplateData?, _ other: TemplateData?) -> Bool {
        switch (one, other) {
        case (nil, nil): true
        case let (.text(a)?, .text(b)?): a == b
        case let (.number(a)?, .number(b)?): a == b
        case let (.flag(a)?, .flag(b)?): a == b
        default: false
        }
    }
}
