import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// What the location check found decides an original: published only when every block was read
/// and none records a place; otherwise a warning says which of the two it was, and what to do.
struct OriginalsLocationTests {
    @Test func onlyACompleteCheckWithNoPlacePublishes() {
        #expect(Originals.withheld(LocationCheck.none) == nil)
        let found = Originals.withheld(.found("GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 2"))
        #expect(found == "records where it was taken (GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 2): its original is not "
            + "published; set viewer.originals_with_location: true in gallery.yml to publish it as it is")
        let unreadable = Originals.withheld(.unreadable("its first caBX chunk is a kind galgen does not read"))
        #expect(unreadable == "its original is not published: galgen could not check all of its metadata for where it was taken "
            + "(its first caBX chunk is a kind galgen does not read); set viewer.originals_with_location: true in gallery.yml "
            + "to publish it as it is")
        #expect(Originals.withheld(nil)?.contains("has not checked") == true)
    }

    @Test(arguments: [LocationCheck.none, .found("XMP in APP1 segment 1"), .unreadable("it is cut short")])
    func theVerdictIsKeptWithTheRenditions(_ check: LocationCheck) throws {
        var image = Fixture.rendered([])
        image.location = check
        let decoded = try JSONDecoder().decode(RenderedImage.self, from: JSONEncoder().encode(image))
        #expect(decoded.location == check)
    }

    /// A record from before every block was read said only `hasLocation`, and that check missed
    /// blocks: it is unknown, so the photo is rendered (and checked) again when originals are on.
    @Test func aRecordFromTheEarlierCheckIsUnknown() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Fixture.rendered([]))) as? [String: Any])
        object["location"] = nil
        object["hasLocation"] = false
        let older = try JSONDecoder().decode(RenderedImage.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.location == nil && older.hasLocation == nil)
    }
}
