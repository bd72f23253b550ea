import Foundation
import GalgenCore
import Mustache
import Synchronization

/// The render-site stage: page view models + template → output files. Pure.
public enum SiteRenderer {
    /// The stylesheet and script each page links, relative to the page.
    public static func linkAssets(_ pages: [PageViewModel], template: SiteTemplate) -> [PageViewModel] {
        let stylesheet = OutputLayout.asset("gallery.css", bytes: template.assets["gallery.css"] ?? [])
        let script = OutputLayout.asset("gallery.js", bytes: template.assets["gallery.js"] ?? [])
        return pages.map { page in
            var page = page
            page.stylesheet = OutputLayout.href(from: page.path, to: stylesheet)
            page.script = OutputLayout.href(from: page.path, to: script)
            return page
        }
    }

    /// Every file of the site but images.
    public static func render(_ pages: [PageViewModel], template: SiteTemplate) throws(TemplateError) -> [OutputFile] {
        render(pages, template: try CompiledTemplate(template))
    }

    /// Every file of the site but images. `renderingOnly`: the paths of the pages to render
    /// (the others come from the page cache); nil renders them all.
    public static func render(_ pages: [PageViewModel], template compiled: CompiledTemplate,
                              renderingOnly: Set<String>? = nil) -> [OutputFile] {
        let linked = linkAssets(pages, template: compiled.source).filter { renderingOnly?.contains($0.path) ?? true }
        return renderPages(linked, template: compiled)
            + siteFiles(template: compiled.source, addresses: pages.filter { !$0.noindex }.compactMap(\.canonicalURL),
                        base: pages.first { $0.path == OutputLayout.index }?.canonicalURL)
    }

    /// Pages whose assets are linked (`linkAssets`), as files, in their order. With `threads`,
    /// that many slices of them are rendered at once (the template is a `Sendable` value): a
    /// site written from scratch (a merge of shards, a new template) spends most of its time here.
    public static func renderPages(_ linked: [PageViewModel], template compiled: CompiledTemplate, threads: Int = 1) -> [OutputFile] {
        inRuns(linked, threads: threads) { page, memo in OutputFile(path: page.path, text: compiled.render(page, memo: memo)) }
    }

    /// `transform` of each page, in order, on `threads` threads: runs of up to `pagesPerRun`
    /// neighbouring pages at a time, each run with a memo of its own (`SectionMemo`: a photo's
    /// segment is on the pages around it, so a run renders it once).
    static func inRuns<Result: Sendable>(_ pages: [PageViewModel], threads: Int,
                                         _ transform: @Sendable (PageViewModel, SectionMemo) -> Result) -> [Result] {
        let runs = stride(from: 0, to: pages.count, by: pagesPerRun).map { pages[$0..<min(pages.count, $0 + pagesPerRun)] }
        return runs.concurrentMap(threads: threads, minimumPerSlice: 1) { run in
            let memo = SectionMemo()
            return run.map { transform($0, memo) }
        }.flatMap { $0 }
    }

    /// Pages rendered one after another on one thread with one memo: enough to render each
    /// segment once for about ten pages, few enough that a batch of 1,000 is shared by the threads.
    static let pagesPerRun = 125

    /// The files of the site that are neither pages nor images: the template's assets, `_headers`,
    /// and with `base_url` the sitemap of every page's address (`addresses`, in page order; `base`
    /// is the front page's). None names an unlisted album: hosts serve `_headers` as a file too.
    public static func siteFiles(template: SiteTemplate, addresses: [String], base: String?) -> [OutputFile] {
        // Fingerprinted copies for galgen's pages; the plain names too when a template from
        // before fingerprints links them directly (assets/gallery.css).
        let plainNamesLinked = template.templates.values.contains { text in
            OutputLayout.fingerprintedAssets.contains { text.contains(OutputLayout.plainAsset($0)) }
        }
        var files = template.assets.sorted(by: { $0.key < $1.key }).flatMap { name, bytes in
            let path = OutputLayout.asset(name, bytes: bytes)
            return Set([path, plainNamesLinked ? OutputLayout.plainAsset(name) : path]).sorted().map { OutputFile(path: $0, bytes: bytes) }
        }
        let fingerprinted = template.assets.filter { OutputLayout.fingerprintedAssets.contains($0.key) }
            .map { OutputLayout.asset($0.key, bytes: $0.value) }.sorted()
        files.append(OutputFile(path: OutputLayout.headers, text: HostHeaders.file(fingerprinted: fingerprinted, template: template)))
        if let base, !addresses.isEmpty {
            files += sitemaps(addresses, base: base)
        }
        return files
    }

    /// sitemaps.org allows this many addresses in one file.
    static let addressesPerSitemap = 50_000

    /// `sitemap.xml` with every page's address; past `limit` addresses (a page per photo makes that
    /// a 50,000-photo gallery), `sitemap.xml` is an index of `sitemap-1.xml`, `sitemap-2.xml`…
    /// holding `limit` each, at `base` (the site's address).
    static func sitemaps(_ addresses: [String], base: String, limit: Int = addressesPerSitemap) -> [OutputFile] {
        guard addresses.count > limit else { return [OutputFile(path: OutputLayout.sitemap, text: sitemap(addresses))] }
        let parts = stride(from: 0, to: addresses.count, by: limit).map { Array(addresses[$0..<min($0 + limit, addresses.count)]) }
        let files = parts.enumerated().map { number, part in OutputFile(path: OutputLayout.sitemapPart(number + 1), text: sitemap(part)) }
        let index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + files.map { "  <sitemap><loc>\(MarkupText.xml(base + $0.path))</loc></sitemap>\n" }.joined()
            + "</sitemapindex>\n"
        return [OutputFile(path: OutputLayout.sitemap, text: index)] + files
    }

    /// sitemaps.org: every page's address, in page order, without dates (so builds stay identical).
    static func sitemap(_ addresses: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + addresses.map { "  <url><loc>\(MarkupText.xml($0))</loc></url>\n" }.joined()
            + "</urlset>\n"
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

