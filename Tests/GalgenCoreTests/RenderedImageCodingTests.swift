import Foundation
import Testing
@testable import GalgenCore

@Suite("RenderedImage coding")
struct RenderedImageCodingTests {
    @Test func metadataRoundTripsAndAnOlderRecordReadsAsHavingNone() throws {
        // No renditions: a rendition is decoded only by the store that keeps its bytes.
        var image = Fixture.rendered([])
        image.metadata = PhotoMetadata(captured: CaptureTime(year: 2024, month: 6, day: 12, offsetMinutes: 120),
                                       words: EmbeddedWords(title: "Harbour", caption: "Boats"))
        let data = try JSONEncoder().encode(image)
        #expect(try JSONDecoder().decode(RenderedImage.self, from: data) == image)
        // A record written before metadata was kept.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["metadata"] = nil
        let older = try JSONDecoder().decode(RenderedImage.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.metadata == PhotoMetadata())
        #expect(older.renditions == image.renditions)
    }

    /// A shard's record (or an edited cache) goes into `<img src>`: only a placeholder as galgen
    /// makes them is read back; anything else is none.
    @Test(arguments: [
        ("data:image/bmp;base64,Qk1GAAAAAAAAADYAAAAoAAAA", true),
        ("javascript:alert(1)", false), ("data:text/html;base64,PHNjcmlwdD4=", false),
        ("data:image/bmp;base64,Qk1G\" onerror=\"alert(1)", false), ("data:image/bmp;base64,", false),
        ("data:image/bmp;base64," + String(repeating: "A", count: 600), false),
        ("https://evil.example/track.gif", false),
    ])
    func aPlaceholderIsReadBackOnlyAsGalgenMakesThem(_ placeholder: String, _ kept: Bool) throws {
        var image = Fixture.rendered([])
        image.placeholder = placeholder
        let decoded = try JSONDecoder().decode(RenderedImage.self, from: JSONEncoder().encode(image))
        #expect(decoded.placeholder == (kept ? placeholder : nil))
    }

    @Test func whetherItRecordsAPlaceRoundTripsAndIsUnknownInAnOlderRecord() throws {
        for known in [true, false] {
            var image = Fixture.rendered([])
            image.hasLocation = known
            let data = try JSONEncoder().encode(image)
            #expect(try JSONDecoder().decode(RenderedImage.self, from: data).hasLocation == known)
            var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            object["location"] = nil
            let older = try JSONDecoder().decode(RenderedImage.self, from: JSONSerialization.data(withJSONObject: object))
            #expect(older.hasLocation == nil)
        }
    }
}
