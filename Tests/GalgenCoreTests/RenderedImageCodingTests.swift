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
