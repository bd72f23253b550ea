import Foundation
import Mustache

/// The render-site stage: page view models + template → output files. Pure.
public enum SiteRenderer {
    /// The stylesheet and script each page links, relative to the page.
    public static func linkAssets(_ pages: [PageViewModel], template: SiteTemplate) -> [PageViewModel] {
        let stylesheet = assetPath("gallery.css", bytes: template.assets["gallery.css"] ?? [])
        let script = assetPath("gallery.js", bytes: template.assets["gallery.js"] ?? [])
        return pages.map { page in
            var page = page
            page.stylesheet = page.root + stylesheet
            page.script = page.root + script
            return page
        }
    }

    /// Every file of the site but images. `renderingOnly`: the paths of the pages to render
    /// (the others come from the page cache); nil renders them all.
    public static func render(_ pages: [PageViewModel], template: SiteTemplate,
                              renderingOnly: Set<String>? = nil) throws(TemplateError) -> [OutputFile] {
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
        // Fingerprinted copies for galgen's pages; the plain names too when a template from
        // before fingerprints links them directly (assets/gallery.css).
        let plainNamesLinked = template.templates.values.contains { text in
            fingerprintedAssets.contains { text.contains("assets/" + $0) }
        }
        let assets = template.assets.sorted(by: { $0.key < $1.key }).flatMap { name, bytes in
            Set([assetPath(name, bytes: bytes), plainNamesLinked ? "assets/\(name)" : assetPath(name, bytes: bytes)])
                .sorted().map { OutputFile(path: $0, bytes: bytes) }
        }
        let fingerprinted = template.assets.filter { fingerprintedAssets.contains($0.key) }
            .map { assetPath($0.key, bytes: $0.value) }.sorted()
        var files = linkAssets(pages, template: template)
            .filter { renderingOnly?.contains($0.path) ?? true }
            .map { page in OutputFile(path: page.path, text: library.render(page, withTemplate: page.template) ?? "") }
        files += assets
        files.append(OutputFile(path: "_headers", text: headers(fingerprinted: fingerprinted)))
        let addresses = pages.compactMap(\.canonicalURL)
        if !addresses.isEmpty { files.append(OutputFile(path: "sitemap.xml", text: sitemap(addresses))) }
        return files
    }

    /// The stylesheet and script galgen's pages link get a fingerprint in their name;
    /// other files of a template folder keep theirs, for templates that name them.
    static let fingerprintedAssets: Set<String> = ["gallery.css", "gallery.js"]

    static func assetPath(_ name: String, bytes: [UInt8]) -> String {
        fingerprintedAssets.contains(name)
            ? "assets/" + ContentHash.fingerprinted(name, digest: ContentHash.hex(bytes)) : "assets/\(name)"
    }

    /// sitemaps.org: every page's address, in page order, without dates (so builds stay identical).
    static func sitemap(_ addresses: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + addresses.map { "  <url><loc>\(XMLText.escape($0))</loc></url>\n" }.joined()
            + "</urlset>\n"
    }

    /// Netlify / Cloudflare Pages headers: fingerprinted files never change, so cache them forever.
    static func headers(fingerprinted assets: [String]) -> String {
        let forever = "  Cache-Control: public, max-age=31536000, immutable\n"
        return "# Written by galgen: file names with a content fingerprint never change.\n"
            + "/*\n  X-Content-Type-Options: nosniff\n"
            + "/images/*\n" + forever
            + assets.map { "/\($0)\n" + forever }.joined()
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

enum XMLText {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
