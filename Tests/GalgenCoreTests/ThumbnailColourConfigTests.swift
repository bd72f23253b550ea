import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("thumbnails.colour")
struct ThumbnailColourConfigTests {
    @Test func keepIsTheDefaultAndSRGBIsRead() throws {
        #expect(try #require(parseGallery("images: []\n")).thumbnails.colour == .keep)
        #expect(try #require(parseGallery("thumbnails:\n  colour: keep\n")).thumbnails.colour == .keep)
        #expect(try #require(parseGallery("thumbnails:\n  colour: srgb\n")).thumbnails.colour == .srgb)
        #expect(try #require(parseGallery("thumbnails:\n  colour: \"srgb\"\n  quality: 70\n")).thumbnails
            == RenditionRequest(widths: RenditionRequest.defaultWidths, quality: 70, colour: .srgb, formats: RenditionRequest.defaultFormats))
        #expect(try #require(parseGallery("thumbnails:\n  colour: ~\n")).thumbnails.colour == .keep)
    }

    @Test("A value that is not keep or srgb names the key, the value, the choices and the nearest one", arguments: [
        InvalidCase("thumbnails:\n  colour: sRGB\n", 2, 11, "sRGB", "srgb"),
        InvalidCase("thumbnails:\n  colour: srbg\n", 2, 11, "srbg", "srgb"),
        InvalidCase("thumbnails:\n  colour: kept\n", 2, 11, "kept", "keep"),
        InvalidCase("title: x\nthumbnails: { colour: display-p3 }\n", 2, 23, "display-p3", nil),
        InvalidCase("thumbnails:\n  colour: 1\n", 2, 11, "1", nil),
    ])
    func badValue(_ c: InvalidCase) throws {
        let error = try onlyError(c)
        #expect(error.kind == .notOneOf(key: "thumbnails.colour", value: c.key, suggestion: c.extra, allowed: ["keep", "srgb"]))
        let hint = c.extra.map { "; did you mean '\($0)'?" } ?? "."
        #expect(error.description
            == "gallery.yml:\(c.line):\(c.column): error: 'thumbnails.colour' is '\(c.key)', but it must be one of: keep, srgb\(hint)")
    }

    @Test func aListIsTheWrongType() throws {
        let error = try onlyError(InvalidCase("thumbnails:\n  colour: [srgb]\n", 2, 11, "thumbnails.colour"))
        guard case .wrongType(key: "thumbnails.colour", expected: _) = error.kind else {
            Issue.record("not a wrong type: \(error.kind)")
            return
        }
    }

    @Test func theAmericanSpellingIsAnUnknownKeyWithASuggestion() throws {
        let error = try onlyError(InvalidCase("thumbnails:\n  color: srgb\n", 2, 3, "color"))
        #expect(error.message.hasPrefix("unknown key 'color' in thumbnails; did you mean 'colour'?"))
    }

    @Test func thePlanCarriesItAndItIsPartOfTheRenditionKey() throws {
        let gallery = try #require(parseGallery("thumbnails:\n  colour: srgb\nimages: [a.jpg]\n"))
        let request = Planner.plan(gallery).request
        #expect(request == RenditionRequest(widths: [320, 640, 1080, 1920], quality: 82, colour: .srgb, formats: RenditionRequest.defaultFormats))
        var keep = request
        keep.colour = .keep
        #expect(RenditionKey.make(sourceDigest: "d", request: request, generator: "g")
            != RenditionKey.make(sourceDigest: "d", request: keep, generator: "g"))
    }
}
