import GalgenCore
import Mustache
import Synchronization

/// One piece of a parsed Mustache template, as galgen's renderer (`PageTemplate`) walks it.
indirect enum TemplateNode: Sendable {
    case text(String)
    case variable(TemplateName, escaped: Bool)
    /// `id`: the section's own number in this process (`SectionMemo` keeps what it rendered by it).
    case section(TemplateName, inverted: Bool, body: [TemplateNode], id: Int)
    /// A partial alone on its line carries the line's indentation (swift-mustache's rule).
    case partial(String, indentation: String?)
    /// `{{% CONTENT_TYPE: … }}`: how the variables after it are escaped.
    case contentType(any MustacheContentType)
}

/// A variable's or a section's name: `name`, `a.b` (`b` of the first `a` found down the stack),
/// `.` (the current value) or `.a` (`a` of the current value only).
struct TemplateName: Sendable, Equatable {
    var anchored: Bool
    var parts: [FieldName]

    init(_ name: String) {
        anchored = name.first == "."
        parts = name.split(separator: ".").map { FieldName(String($0)) }
    }
}

/// swift-mustache's parse of a template, read into `TemplateNode`s.
///
/// Parsing stays swift-mustache's: its standalone-line and partial-indentation rules are the
/// reference the pages have always followed. Its tokens are internal, so they are read with
/// Mirror, once per template when the site's template is compiled. Anything galgen's renderer
/// does not do (transforms such as `{{first(list)}}`, inheritance, dynamic partials, a token this
/// version of swift-mustache did not have) gives nil, and such a template is rendered by
/// swift-mustache itself (`CompiledTemplate.render`).
enum SwiftMustacheTokens {
    /// The sections numbered so far.
    private static let sections = Atomic<Int>(0)

    static func nodes(of template: MustacheTemplate) -> [TemplateNode]? {
        guard let tokens = Mirror(reflecting: template).descendant("tokens") as? [Any] else { return nil }
        var nodes: [TemplateNode] = []
        for token in tokens {
            guard let node = node(token) else { return nil }
            nodes.append(node)
        }
        return nodes
    }

    private static func node(_ token: Any) -> TemplateNode? {
        guard let (label, value) = Mirror(reflecting: token).children.first.flatMap({ child in child.label.map { ($0, child.value) } })
        else { return nil }
        let payload = Mirror(reflecting: value).children.map(\.value)
        switch label {
        case "text":
            return (value as? String).map(TemplateNode.text)
        case "variable", "unescapedVariable":
            guard let name = plainName(payload, count: 2) else { return nil }
            return .variable(name, escaped: label == "variable")
        case "section", "invertedSection":
            guard let name = plainName(payload, count: 3), let template = payload[2] as? MustacheTemplate,
                  let body = nodes(of: template) else { return nil }
            return .section(name, inverted: label == "invertedSection", body: body, id: sections.add(1, ordering: .relaxed).newValue)
        case "partial":
            guard payload.count == 3, let name = payload[0] as? String, let indentation = payload[1] as? String?,
                  let inherits = payload[2] as? [String: MustacheTemplate]?, inherits == nil else { return nil }
            return .partial(name, indentation: indentation)
        case "contentType":
            return (value as? any MustacheContentType).map(TemplateNode.contentType)
        default:
            return nil
        }
    }

    /// The name of a variable or section without transforms; nil for one with them.
    private static func plainName(_ payload: [Any], count: Int) -> TemplateName? {
        guard payload.count == count, let name = payload[0] as? String, let transforms = payload[1] as? [String],
              transforms.isEmpty else { return nil }
        return TemplateName(name)
    }
}
