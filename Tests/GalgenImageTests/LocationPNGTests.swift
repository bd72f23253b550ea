import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// Every chunk of a PNG is read: XMP and EXIF in any text chunk, compressed or not, not only the
/// `eXIf` chunk and the first `iTXt` XMP that the metadata readers take.
@Suite
struct LocationPNGTests {
    /// A PNG with an IHDR, gAMA, cHRM and its image only.
    let base: [UInt8]
    let gpsTIFF = LocationBytes.tiff(gps: [LocationBytes.gpsPosition])
    let xmp = Array(LocationBytes.xmpWithGPS.utf8)

    init() throws {
        base = try Fixtures.bytes("formats/lav_kodim03_gray8_gama16.png")
    }

    func check(_ bytes: [UInt8]) -> LocationCheck { LocationScanner.check(bytes, format: .png) }

    @Test func aPNGWithoutLocationHasNone() {
        #expect(check(base) == .none)
        #expect(check(LocationBytes.inserting("tEXt", Array("Comment\0taken at a high latitude".utf8), into: base)) == .none)
    }

    @Test func eXIfIsRead() {
        #expect(check(LocationBytes.inserting("eXIf", gpsTIFF, into: base)) == .found("GPS coordinates (GPSLatitude) in the EXIF of its first eXIf chunk"))
    }

    @Test func xmpInATEXtChunkIsRead() {
        let result = check(LocationBytes.inserting("tEXt", Array("XML:com.adobe.xmp\0".utf8) + xmp, into: base))
        #expect(result == .found("exif:GPSLatitude in the XMP of its first tEXt chunk (“XML:com.adobe.xmp”)"))
    }

    /// What ImageMagick writes: the APP1 payload in hexadecimal, zlib-compressed in a zTXt chunk.
    @Test func imageMagicksRawExifProfileIsRead() {
        let text = LocationBytes.rawProfile("exif", Array("Exif\0\0".utf8) + gpsTIFF)
        let bytes = LocationBytes.inserting("zTXt", Array("Raw profile type exif\0\0".utf8) + LocationBytes.zlibStored(text), into: base)
        let result = check(bytes)
        #expect(result.isFound && result.words.contains("Raw profile type exif"), "\(result)")
        // The same profile cut short says so.
        let cut = LocationBytes.rawProfile("exif", Array("Exif\0\0".utf8) + gpsTIFF).dropLast(20)
        #expect(check(LocationBytes.inserting("tEXt", Array("Raw profile type exif\0".utf8) + cut, into: base)).isUnreadable)
    }

    @Test func aSecondITXtXMPIsRead() {
        let first = LocationBytes.iTXt("XML:com.adobe.xmp", Array(LocationBytes.xmpWithoutGPS.utf8))
        let bytes = LocationBytes.inserting("iTXt", first, into: LocationBytes.inserting("iTXt", LocationBytes.iTXt("XML:com.adobe.xmp", xmp),
                                                                                        into: base))
        #expect(check(bytes) == .found("exif:GPSLatitude in the XMP of its second iTXt chunk (“XML:com.adobe.xmp”)"))
    }

    @Test func aCompressedITXtIsInflatedAndRead() {
        let bytes = LocationBytes.inserting("iTXt", LocationBytes.iTXt("XML:com.adobe.xmp", xmp, compressed: true), into: base)
        #expect(check(bytes).isFound)
        // Damaged compressed data cannot be read.
        var damaged = LocationBytes.iTXt("XML:com.adobe.xmp", xmp, compressed: true)
        damaged[damaged.count - 30] ^= 0xFF
        damaged.replaceSubrange(22..<24, with: [0xFF, 0xFF])  // the zlib header
        #expect(check(LocationBytes.inserting("iTXt", damaged, into: base)).isUnreadable)
    }

    /// 70 MB of zeros in 270 KB of deflate: past what galgen inflates from one photo (64 MB),
    /// which it says, rather than growing without end.
    @Test func inflatingIsBounded() {
        let bomb = Array("Comment\0\0".utf8) + LocationBytes.zlibZeros(megabytes: 70)
        let started = ContinuousClock.now
        let result = check(LocationBytes.inserting("zTXt", bomb, into: base))
        #expect(result.isUnreadable && result.words.contains("64 MB"), "\(result)")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aTextKeywordThatNamesCoordinatesIsALocation() {
        #expect(check(LocationBytes.inserting("tEXt", Array("GPSLatitude\052.36".utf8), into: base)).isFound)
    }

    @Test(arguments: ["caBX", "zxIf"])
    func anUnknownChunkIsUnreadable(_ type: String) {
        #expect(check(LocationBytes.inserting(type, [1, 2, 3], into: base)).isUnreadable)
    }

    @Test func aChunkPastTheEndOrBytesAfterIENDAreUnreadable() {
        #expect(check(base + Array("trailing".utf8)).isUnreadable)
        let cut = Array(LocationBytes.inserting("tEXt", Array("XML:com.adobe.xmp\0".utf8) + xmp, into: base).prefix(200))
        #expect(check(cut).isUnreadable)
    }
}
