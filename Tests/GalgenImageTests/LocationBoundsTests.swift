import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// The location check stays bounded on inputs made to make it slow or deep.
@Suite
struct LocationBoundsTests {
    let base: [UInt8]

    init() throws {
        base = try Fixtures.bytes("odd/ljt_testorig_baseline420.jpg")
    }

    /// EXIF in Photoshop resources in EXIF, 40 deep: refused past the nesting cap, not followed
    /// down (each level would be a recursion, on a thread with a small stack).
    @Test func deeplyNestedBlocksAreUnreadable() {
        var tiff = LocationBytes.tiff(gps: [LocationBytes.gpsPosition])
        for _ in 0..<40 {
            let resources = MetadataBytes.resource(0x0422, tiff)
            tiff = LocationBytes.tiff(gps: [], ifd0: [LocationBytes.Entry(tag: 0x8649, type: 7, count: UInt32(resources.count), value: resources)])
        }
        let result = LocationScanner.check(LocationBytes.inserting([LocationBytes.exifSegment(tiff)], into: base), format: .jpeg)
        #expect(result.isUnreadable && result.words.contains("deep"), "\(result)")
    }

    /// 60 KB of one long XML name made of "latitude"s: looked at once, not once per word.
    @Test func aLongRunOfNameBytesIsReadOnce() {
        let run = String(repeating: "latitude", count: 7_500)
        let started = ContinuousClock.now
        let result = LocationScanner.check(LocationBytes.inserting([LocationBytes.xmpSegment(Array(("x" + run).utf8))], into: base),
                                           format: .jpeg)
        #expect(result == .none)
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
