import Testing
import Foundation
@testable import GalgenCore

@Test func zzprobe() throws {
    for c in ["images:\n  - ~\n  - null\n  -\n", "images:\n\t- a.jpg\n", "images:\n  - src: a.jpg\n    src: b.jpg\n",
              "images:\n  - src: ftp://x/a.jpg\nthumbnails:\n  quality: 0\ncolour: red\n", "title:\n  - a\n", "- a.jpg\n", "images:\n  - [a.jpg]\n", "download:\n  allow_insecure_hosts: example.com\n",
              "albums:\n  - title: Day One\n  - title: Day One\n  - slug: night_2\n  - images: []\n"] {
        do { let g = try ConfigParser.parse(c, file: "gallery.yml", directory: "/site"); print("OK", g.albums.map { ($0.slug, $0.title, $0.images.map { "\($0.source)|\($0.slug)" }) }) }
        catch { print("ERR", error.errors.map { "\($0.location) \($0.kind)" }) }
    }
    let img = GalleryImage(source: .local(written: "a.jpg", resolved: "/a.jpg"), title: "A", slug: "a", location: .init(file: "g", line: 1, column: 1))
    let g = Gallery(title: "T", description: "GALLERY-DESC", hasAlbums: true, albums: [Album(title: "One", slug: "one", images: [img])])
    let plan = Planner.plan(g)
    let r = RenderedImage(width: 400, height: 300, renditions: [Rendition(width: 400, height: 300, jpeg: [1])])
    let pages = Presenter.present(gallery: g, plan: plan, rendered: [img.source: r], generator: "gen")
    let t = SiteTemplate(templates: ["page": "", "albums": "{{#albums}}[{{#description}}D={{description}}{{/description}}]{{/albums}}"], assets: [:])
    print(String(decoding: try SiteRenderer.render(pages, template: t)[0].bytes, as: UTF8.self))
}
