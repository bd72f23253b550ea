import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// A template copied before assets had fingerprints links `assets/gallery.css` by name:
/// it still gets those files (not marked immutable); the built-in template does not.
struct LegacyTemplateTests {
    @Test func plainAssetNamesAreWrittenWhenATemplateLinksThem() throws {
        var files = BuiltInTemplate.files
        files["head.mustache"] = Array(#"<link rel="stylesheet" href="{{root}}assets/gallery.css"><title>{{documentTitle}}</title>"#.utf8)
        let pages = Fixture.present(Fixture.singleAlbum([Fixture.image("a")]))
        let legacy = try SiteRenderer.render(pages, template: SiteTemplate(files: files)).map(\.path)
        #expect(legacy.contains("assets/gallery.css") && legacy.contains("assets/gallery.js"))
        #expect(legacy.contains(Fixture.builtInAssetPath("gallery.css")))
        let headers = try SiteRenderer.render(pages, template: SiteTemplate(files: files)).first { $0.path == "_headers" }?.text ?? ""
        #expect(!headers.contains("/assets/gallery.css\n"))

        let builtIn = try SiteRenderer.render(pages, template: BuiltInTemplate.template).map(\.path)
        #expect(!builtIn.contains("assets/gallery.css"))
    }
}
