import Foundation
import GalgenTestSupport

/// What the tests read from galgen's pages: an album's overview (tiles `id="grid.<slug>"`, a page
/// per 100 photos) and each photo's own page (`<album>/<slug>/index.html`: its selected segment,
/// its panel, its caption).
enum SitePages {
    /// The slugs of an overview page's tiles, in the order it shows them.
    static func tileSlugs(_ html: String) -> [String] {
        html.components(separatedBy: #"<a class="tile" id="grid."#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The `role="tab"` segments of a photo page, each as its opening tag's attributes.
    static func segments(_ html: String) -> [Substring] {
        html.components(separatedBy: #"role="tab" "#).dropFirst().map { $0.prefix { $0 != ">" } }
    }

    /// The value of `name="…"` in a tag's attributes.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        tag.range(of: " \(name)=\"").map { String(tag[$0.upperBound...].prefix { $0 != "\"" }) }
    }

    /// The titles of a photo page's segments, in order.
    static func segmentTitles(_ html: String) -> [String] {
        segments(html).map { attribute("data-title", in: $0) ?? "" }
    }

    /// The title of the photo a photo page shows: its selected segment's, when exactly one is
    /// selected and the page has exactly one panel; nil otherwise.
    static func shownTitle(_ html: String) -> String? {
        let selected = segments(html).filter { attribute("aria-selected", in: $0) == "true" }
        guard selected.count == 1, html.components(separatedBy: #"role="tabpanel""#).count == 2 else { return nil }
        return attribute("data-title", in: selected[0])
    }

    /// The site path a relative link on `page` leads to, its fragment kept:
    /// `resolve("../day-one/a/index.html", from: "day-one/index.html")` is `day-one/a/index.html`.
    static func resolve(_ href: String, from page: String) -> String {
        var parts = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let path = href.prefix { $0 != "#" }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/") + href.dropFirst(path.count)
    }

    /// Where the links whose tag starts with `opening` (`<a class="tile" `) lead from `page`, in order.
    static func targets(of opening: String, in html: String, page: String) -> [String] {
        html.components(separatedBy: opening).dropFirst().compactMap { tag in
            attribute("href", in: " " + tag.prefix { $0 != ">" }).map { resolve($0, from: page) }
        }
    }

    /// A photo page's caption, as HTML; nil when it has none.
    static func caption(_ html: String) -> String? {
        html.range(of: #"<p class="caption">"#).map { String(html[$0.upperBound...].prefix { $0 != "<" }) }
    }
}

/// One photo as its own page shows it.
struct PhotoPage {
    var slug: String
    /// nil when the overview links a page that is not there.
    var html: String?
    var title: String? { html.flatMap(SitePages.shownTitle) }
    var caption: String? { html.flatMap(SitePages.caption) }
}

extension TestProject {
    /// An album's overview pages, in order: `<folder>index.html`, then `<folder>page/2/index.html`…
    /// `folder` is `""` for a gallery without `albums:`, else `<album slug>/`.
    func overviewPages(_ folder: String = "") -> [String] {
        var pages: [String] = []
        while let page = siteFile(pages.isEmpty ? folder + "index.html" : folder + "page/\(pages.count + 1)/index.html") {
            pages.append(page)
        }
        return pages
    }

    /// An album's photos in the order its overview shows them, each read from its own page.
    func photoPages(_ folder: String = "") -> [PhotoPage] {
        overviewPages(folder).flatMap(SitePages.tileSlugs).map { slug in
            PhotoPage(slug: slug, html: siteFile(folder + slug + "/index.html"))
        }
    }

    /// The titles of an album's photos in overview order, each as its own page shows it
    /// (`"<no page: slug>"` for a tile whose page is missing or shows no single photo).
    func photoTitles(_ folder: String = "") -> [String] {
        photoPages(folder).map { $0.title ?? "<no page: \($0.slug)>" }
    }
}
