import GalgenCore
import Mustache

/// A site template checked and compiled: every Mustache file parsed, the required ones present,
/// and its digest for the page cache. Made when gallery.yml is read, before any photo is decoded.
public struct CompiledTemplate: Sendable {
    public var source: SiteTemplate
    var library: MustacheLibrary
    /// The same templates for galgen's own renderer; nil when one uses something only
    /// swift-mustache renders (transforms, inheritance).
    var pages: PageTemplate?
    /// The template files' identity: part of every page's cache key.
    public var digest: String

    public init(_ template: SiteTemplate) throws(TemplateError) {
        _ = Self.registerContentType
        var library = MustacheLibrary()
        for (name, text) in template.templates.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try MustacheTemplate(string: text)  // errors at the author's own line numbers
                try library.register(Self.escapingPragma + text, named: name)
            } catch {
                throw TemplateError.invalidTemplate(name: name + ".mustache", reason: "\(error)")
            }
        }
        for name in PageKind.requiredTemplates where library.getTemplate(named: name) == nil {
            throw TemplateError.missingTemplate(name: name + ".mustache")
        }
        self.source = template
        self.library = library
        self.pages = PageTemplate(library, names: template.templates.keys)
        self.digest = PageKey.templateDigest(template)
    }

    /// The template a page of this kind renders with: its own, or when the template has none,
    /// its fallback's (`PageKind.fallback`).
    public func templateName(for kind: PageKind) -> String {
        PageKind.chooseTemplate(kind.templateChoices) { library.getTemplate(named: $0) != nil }
    }

    /// The page's file, rendered with the template its kind chooses. `memo`: kept while a run of
    /// pages is rendered on one thread (`SectionMemo`).
    func render(_ page: PageViewModel, memo: SectionMemo?) -> String {
        let name = templateName(for: page.kind)
        if let pages { return pages.render(page, template: name, memo: memo) ?? "" }
        return library.render(page, withTemplate: name) ?? ""
    }

    /// The page's file, rendered with the template its kind chooses.
    public func render(_ page: PageViewModel) -> String {
        render(page, memo: nil)
    }

    /// swift-mustache escapes `{{name}}` per `Character`, which lets `"` + U+0301 through
    /// (`MarkupText`); its default content type is fixed, but a pragma can name another. Every
    /// template and partial, built-in or the author's, starts with this one (a partial starts
    /// with the default again, so each needs its own). Alone on its line, it renders nothing.
    static let escapingPragma = "{{% CONTENT_TYPE: \(contentTypeName)}}\n"
    static let contentTypeName = "GALGEN_HTML"

    /// Registered before any template is parsed (the parser looks the name up). Also under
    /// "HTML", so a template naming swift-mustache's type in its own pragma is as safe.
    private static let registerContentType: Void = {
        MustacheContentTypes.register(ScalarHTMLContentType(), named: contentTypeName)
        MustacheContentTypes.register(ScalarHTMLContentType(), named: "HTML")
    }()
}
