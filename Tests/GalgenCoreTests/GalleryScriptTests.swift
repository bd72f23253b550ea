import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// gallery.js is kept as parts with one job each and joined into one classic script by the
/// build; a template folder's own gallery.js, or its own parts, replace the built-in ones.
struct GalleryScriptTests {
    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    /// A template folder over the built-in files, as `LiveEffects.loadTemplate` merges them.
    static func folder(_ files: [String: String]) -> SiteTemplate {
        SiteTemplate(files: BuiltInTemplate.files.merging(files.mapValues { Array($0.utf8) }) { $1 })
    }

    /// A built-in part as the joined script holds it: without its whole-line comments.
    static func stripped(_ name: String) -> String {
        Self.text(GalleryScript.withoutCommentLines(BuiltInTemplate.files[name] ?? []))
    }

    @Test func theBuiltInScriptIsEveryPartInOrderInsideOneFunction() throws {
        let script = Self.text(BuiltInTemplate.template.assets["gallery.js"])
        #expect(script.hasPrefix("(function () {\n\"use strict\";\n"))
        #expect(script.hasSuffix("})();\n"))
        var rest = Substring(script)
        for name in GalleryScript.parts {
            #expect(!Self.text(BuiltInTemplate.files[name]).isEmpty, "\(name) is not compiled in")
            let part = Self.stripped(name)
            // The shared state is the script's own body; every other part has a function of its own.
            let expected = name == GalleryScript.statePart ? part : "(function () {\n" + part + "})();\n"
            let found = try #require(rest.range(of: expected), "\(name) is missing or out of order")
            rest = rest[found.upperBound...]
        }
        #expect(rest == "})();\n")
    }

    @Test func thePartsAreNotPublishedThemselves() {
        #expect(Set(BuiltInTemplate.template.assets.keys) == ["gallery.css", "gallery.js"])
        #expect(Set(GalleryScript.parts).isSubset(of: BuiltInTemplate.files.keys))
    }

    @Test func aTemplateFoldersOwnGalleryJSWinsOverTheParts() {
        let template = Self.folder(["gallery.js": "console.log('mine');\n"])
        #expect(Self.text(template.assets["gallery.js"]) == "console.log('mine');\n")
        #expect(Set(template.assets.keys) == ["gallery.css", "gallery.js"])
    }

    @Test func aTemplateFoldersPartReplacesTheBuiltInOne() {
        let script = Self.text(Self.folder(["gallery.zoom.js": "openZoom = noop;\n"]).assets["gallery.js"])
        #expect(script.contains("(function () {\nopenZoom = noop;\n})();\n(function () {\n"
                                + Self.stripped("gallery.fullscreen.js")))
        #expect(!script.contains(Self.stripped("gallery.zoom.js")))
        #expect(script.contains(Self.stripped("gallery.moves.js")))
    }

    @Test func verboseSaysWhatAPartOfTheFolderBecomes() {
        let part = Self.folder(["gallery.zoom.js": "openZoom = noop;\n"])
        let script = OutputLayout.asset("gallery.js", bytes: part.assets["gallery.js"] ?? [])
        #expect(LoadedTemplate(part, selection: TemplateSelection(used: ["gallery.zoom.js"], skipped: []))
            .contribution(of: "gallery.zoom.js") == "part of \(script)")
        let own = Self.folder(["gallery.zoom.js": "", "gallery.js": ""])
        #expect(LoadedTemplate(own, selection: TemplateSelection(used: ["gallery.js", "gallery.zoom.js"], skipped: []))
            .contribution(of: "gallery.zoom.js") == "nothing: the folder's own gallery.js replaces the parts")
    }

    @Test func aPartsLastLineWithoutNewlineCannotSwallowWhatFollows() {
        let script = GalleryScript.join([
            (name: "gallery.state.js", text: Array("var a; // shared".utf8)),
            (name: "gallery.moves.js", text: Array("a = 1; // moves".utf8)),
        ])
        #expect(Self.text(script) == "(function () {\n\"use strict\";\n" + GalleryScript.labelsLine(.standard)
            + "var a; // shared\n(function () {\na = 1; // moves\n})();\n})();\n")
    }

    @Test func wholeLineCommentsAreLeftOutOfTheJoinedScript() {
        let part = "// What this part does.\nvar a = 1; // kept\n  // indented, left out\nvar url = \"http://x\";\n\n//last"
        let script = Self.text(GalleryScript.join([(name: "gallery.state.js", text: Array(part.utf8))]))
        #expect(script.hasSuffix(GalleryScript.labelsLine(.standard) + "var a = 1; // kept\nvar url = \"http://x\";\n\n})();\n"))
    }

    @Test func filesWithoutPartsOrScriptGetNoScript() {
        let files: [String: [UInt8]] = ["page.mustache": [], "style.css": [1]]
        #expect(GalleryScript.assemble(files) == files)
    }
}
