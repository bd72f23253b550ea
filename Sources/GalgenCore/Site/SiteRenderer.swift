import Mustache

/// The render-site stage: page view models + template → output files. Pure.
public enum SiteRenderer {
    public static func render(_ pages: [PageViewModel], template: SiteTemplate) throws(TemplateError) -> [OutputFile] {
        var library = MustacheLibrary()
        for (name, text) in template.templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(text, named: name)
            } catch {
                throw TemplateError.invalidTemplate(name: name + ".mustache", reason: "\(error)")
            }
        }
        for name in SiteTemplate.requiredTemplates where library.getTemplate(named: name) == nil {
            throw TemplateError.missingTemplate(name: name + ".mustache")
        }
        var files = pages.map { page in
            OutputFile(path: page.path, text: library.render(page, withTemplate: page.template) ?? "")
        }
        for (name, bytes) in template.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: "assets/\(name)", bytes: bytes))
        }
        return files
    }
}

/// Problems with the site template; the built-in one never has them.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingTemplate(name: String)
    case invalidTemplate(name: String, reason: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missingTemplate(name):
            "the template folder has no \(name). Copy it from a fresh `galgen init`."
        case let .invalidTemplate(name, reason):
            "\(name) is not a valid Mustache template: \(reason)"
        case let .unreadable(path, reason):
            "cannot read the template folder \(path): \(reason). Check the 'template:' path in gallery.yml."
        }
    }
}
