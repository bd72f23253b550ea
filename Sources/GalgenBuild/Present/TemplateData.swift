import GalgenCore

/// A view-model value as galgen's own template renderer reads it (`PageTemplate`): the same
/// values Mustache gets through `templateValue`, typed, so a lookup is a `switch` rather than
/// swift-mustache's dynamic casts (which cost most of a page's rendering time).
public enum TemplateData: Sendable {
    case text(String)
    case number(Int)
    case flag(Bool)
    case scope(any TemplateScope)
    case list([any TemplateScope])

    /// What swift-mustache prints for the value (`String(describing:)`).
    var printed: String {
        switch self {
        case let .text(text): text
        case let .number(number): String(number)
        case let .flag(flag): String(flag)
        case let .scope(scope): String(describing: scope)
        case let .list(list): String(describing: list)
        }
    }

    /// The scope names are looked up in; nil for text, numbers, flags and lists, which
    /// answer no name (swift-mustache's Mirror finds no labelled child in them).
    var scope: (any TemplateScope)? {
        if case let .scope(scope) = self { scope } else { nil }
    }
}

/// A value whose names a template can read: `{{name}}`, `{{#name}}`.
public protocol TemplateScope: Sendable {
    /// The named value; nil when this scope has no such name or holds nothing under it, so the
    /// lookup goes on down the stack, as Mustache's does.
    func templateField(_ name: FieldName) -> TemplateData?
    /// A `RepeatedScope`'s `repeatKey`; nil for any other scope (`SectionMemo` keeps only the former).
    var memoKey: Int? { get }
    /// Whether `other` is a `RepeatedScope` equal to this one. Both are compared where they lie,
    /// as the scopes of a list are: neither is cast to another existential or copied out of its box.
    func isSameRepeated(as other: any TemplateScope) -> Bool
    /// Whether this scope is a `RepeatedScope` equal to `other` (`isSameRepeated`'s second step,
    /// with the other's type known).
    func isRepeated<Other: RepeatedScope>(equalTo other: Other) -> Bool
}

extension TemplateScope {
    public var memoKey: Int? { nil }
    public func isSameRepeated(as other: any TemplateScope) -> Bool { false }
    public func isRepeated<Other: RepeatedScope>(equalTo other: Other) -> Bool { false }
}
