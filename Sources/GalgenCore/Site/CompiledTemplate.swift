import Mustache

/// A site template checked and compiled: every Mustache file parsed, the required ones present,
/// and its digest for the page cache. Made when gallery.yml is read, before any photo is decoded.
public struct CompiledTemplate: Sendable {
    public var source: SiteTemplate
    var library: MustacheLibrary
    /// The template files' identity: part of every page's cache key.
    public var digest: String

    public init(_ template: SiteTemplate) throws(TemplateError) {
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
        self.source = template
        self.library = library
        self.digest = PageKey.templateDigest(template)
    }
}
