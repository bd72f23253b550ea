/// Walks the tokens of an XMP packet and keeps the values of the properties in `XMPProperty`.
///
/// Only top-level properties count: elements and attributes of an `rdf:Description` directly
/// inside `rdf:RDF`, so a `dc:title` nested in some structure is not the photo's title. A value is
/// the element's text (simple form), an attribute of the description (attribute form), or the
/// `rdf:li` items of an `rdf:Alt`/`rdf:Seq`/`rdf:Bag` inside the property, of which the
/// `xml:lang="x-default"` one wins, else the first. Nesting deeper than `maxDepth` ends the walk.
struct XMPWalk {
    /// Elements open at once at most (real packets nest about 6 deep).
    static let maxDepth = 64
    /// UTF-8 bytes of one value kept at most.
    static let maxValueBytes = 64 * 1024

    private enum Role: Equatable {
        case other, rdf, description
        case property(XMPProperty), container(XMPProperty), item(XMPProperty)
    }

    private struct Frame {
        var lang: String?
        var role = Role.other
        var text = ""
        var hasChildren = false
    }

    private var stack: [Frame] = []
    private var choices: [XMPProperty: LanguageChoice] = [:]

    /// What was found so far.
    var fields: XMPFields {
        func value(_ property: XMPProperty) -> String? { choices[property]?.value }
        return XMPFields(title: value(.title), description: value(.description), headline: value(.headline),
                         altText: value(.altText), dateTimeOriginal: value(.dateTimeOriginal), dateCreated: value(.dateCreated),
                         lensModel: value(.lensModel) ?? value(.auxLens), rights: value(.rights), webStatement: value(.webStatement))
    }

    /// Takes the next token, its names resolved in `namespaces` (which `XMPReader` has opened
    /// for a start and closes after an end; nesting deeper than `maxDepth` ends the walk there).
    mutating func accept(_ token: XMLToken, in namespaces: XMPNamespaces) {
        switch token {
        case let .start(name, attributes, selfClosing):
            open(name, attributes: attributes, in: namespaces)
            if selfClosing { close() }
        case .end:
            // A mismatched end tag closes the innermost element anyway: the walk never waits forever.
            close()
        case let .text(text):
            guard let top = stack.indices.last else { break }
            switch stack[top].role {
            case .property, .item:
                if stack[top].text.utf8.count + text.utf8.count <= Self.maxValueBytes { stack[top].text += text }
            default: break
            }
        }
    }

    private mutating func open(_ name: String, attributes: [XMLAttribute], in namespaces: XMPNamespaces) {
        var frame = Frame(lang: stack.last?.lang)
        for attribute in attributes where attribute.name == "xml:lang" {
            frame.lang = attribute.value
        }
        let parent = stack.last?.role ?? .other
        if let top = stack.indices.last { stack[top].hasChildren = true }
        stack.append(frame)
        // Outside rdf:RDF only rdf:RDF itself matters: most elements need no namespace lookup.
        let matters = parent != .other || name == "RDF" || name.hasSuffix(":RDF")
        let role = matters ? Self.role(of: namespaces.resolve(name, isAttribute: false), inside: parent) : .other
        stack[stack.count - 1].role = role
        guard role == .description else { return }
        for attribute in attributes {
            if let property = namespaces.resolve(attribute.name, isAttribute: true).flatMap(XMPProperty.init) {
                record(property, attribute.value, lang: nil)
            }
        }
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        switch frame.role {
        case let .item(property):
            record(property, frame.text, lang: frame.lang)
        case let .property(property) where !frame.hasChildren:
            record(property, frame.text, lang: frame.lang)
        default: break
        }
    }

    private mutating func record(_ property: XMPProperty, _ value: String, lang: String?) {
        guard value.contains(where: { !$0.isWhitespace }) else { return }
        // An attribute's value is as long as the packet lets it be; an element's is capped as it grows.
        let capped = value.utf8.count > Self.maxValueBytes ? String(decoding: value.utf8.prefix(Self.maxValueBytes), as: UTF8.self) : value
        choices[property, default: LanguageChoice()].offer(capped, lang: lang)
    }

    private static func role(of name: XMPName?, inside parent: Role) -> Role {
        guard let name else { return .other }
        let isRDF = name.namespace == XMPName.rdf
        switch parent {
        case _ where isRDF && name.local == "RDF": return .rdf
        case .rdf where isRDF && name.local == "Description": return .description
        case .description: return XMPProperty(name).map(Role.property) ?? .other
        case let .property(property) where isRDF && ["Alt", "Seq", "Bag"].contains(name.local): return .container(property)
        case let .container(property) where isRDF && name.local == "li": return .item(property)
        default: return .other
        }
    }
}

/// The values offered for one property: the `x-default` one wins, else the first.
struct LanguageChoice {
    private var first: String?
    private var preferred: String?

    var value: String? { preferred ?? first }

    mutating func offer(_ value: String, lang: String?) {
        if preferred == nil, lang?.lowercased() == "x-default" { preferred = value }
        if first == nil { first = value }
    }
}
