import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenImage

/// A JPEG XL's container boxes are read for a place as every other format's blocks are: its
/// `Exif` and `xml ` boxes, the same compressed in `brob` boxes, and a recompressed JPEG's own
/// segments; a box galgen does not read, or one it cannot, fails closed.
@Suite
struct LocationJXLTests {
    /// dn_oppo_r7plus.jpg records its GPS position (60.27° N).
    static let gpsJPEG = "photos/dn_oppo_r7plus.jpg"

    func scan(_ bytes: [UInt8]) -> MetadataScan { LocationScanner.scan(bytes, format: .jxl) }

    @Test func aRecompressedJPEGsPositionIsFound() throws {
        let file = try JXLTools.cjxl(Self.gpsJPEG)
        let scan = scan(file)
        // cjxl keeps a recompressed JPEG's EXIF Brotli-compressed.
        #expect(scan.check == .found("GPS coordinates (GPSLatitude) in the EXIF of its first brob box (a compressed Exif box)"))
        let position = try #require(scan.coordinates)
        #expect(abs(position.latitude - 60.2675) < 0.001)
        #expect(scan.blocks.exif.map(MetadataBlocks.isTIFF) == true)
    }

    /// A lossy container file (cjxl of a PNG) with an EXIF GPS block in an `Exif` box.
    static func container(_ boxes: [UInt8]...) throws -> [UInt8] {
        let file = try JXLTools.cjxl("formats/dn_scanned_photo_rgb8.png", ["-q", "80"])
        #expect(file.starts(with: [0, 0, 0, 0x0C]))
        return file + boxes.joined()
    }

    static let gpsExif = [0, 0, 0, 0] + LocationBytes.tiff(gps: [LocationBytes.gpsPosition])

    @Test func anExifBoxsPositionIsFound() throws {
        let file = try Self.container(Self.box("Exif", Self.gpsExif))
        let scan = scan(file)
        #expect(scan.check == .found("GPS coordinates (GPSLatitude) in the EXIF of its first Exif box"))
        #expect(scan.coordinates != nil && scan.blocks.exif != nil)
        let rendered = try PhotoRenderer.make().render(file, RenditionRequest(widths: [64], quality: 80, formats: [.jxl, .jpeg]))
        #expect(rendered.location?.isFound == true)
        #expect(Self.scanOf(try Self.container()).check == .none)
    }

    static func scanOf(_ bytes: [UInt8]) -> MetadataScan { LocationScanner.scan(bytes, format: .jxl) }

    @Test func aBareCodestreamHoldsNoMetadata() throws {
        let file = try JXLTools.cjxl("formats/lav_weld_rgb16.png", ["-q", "80"])
        #expect(file.starts(with: [0xFF, 0x0A]))
        #expect(scan(file).check == .none)
    }

    @Test func aPhotoWithoutPositionHasNone() throws {
        #expect(scan(try JXLTools.cjxl("photos/dn_canon_eos5d.jpg")).check == .none)
    }

    /// An `Exif` box Brotli-compressed in a `brob` box (stored as it is, then damaged).
    @Test func aCompressedExifBoxIsRead() throws {
        let compressed = try Self.container(Self.box("brob", Array("Exif".utf8) + Self.brotliStored(Self.gpsExif)))
        #expect(scan(compressed).check == .found("GPS coordinates (GPSLatitude) in the EXIF of its first brob box (a compressed Exif box)"))
        let damaged = try Self.container(Self.box("brob", Array("Exif".utf8) + [0x1B, 0xFF, 0xFF] + Self.gpsExif.prefix(40)))
        let check = scan(damaged).check
        #expect(check.unreadableReason?.hasPrefix("its first brob box (a compressed Exif box) could not be read: its Brotli data") == true, "\(check)")
    }

    @Test func boxesGalgenDoesNotReadFailClosed() throws {
        let file = try Self.container()
        #expect(scan(file + Self.box("jumb", [0, 0, 0, 8] + Array("jumd".utf8))).check
            == .unreadable("its first jumb box (JUMBF, such as a C2PA manifest) is a kind galgen does not read"))
        #expect(scan(file + Self.box("abcd", [1, 2, 3])).check == .unreadable("its first abcd box is a kind galgen does not read"))
        #expect(scan(file + Self.box("free", [0, 0])).check == .none)
        let cut = file + [0, 0, 0, 200] + Array("Exif".utf8) + [0, 0]
        #expect(scan(cut).check.unreadableReason?.contains("runs past its end") == true)
        #expect(scan(file + Self.box("brob", Array("jxlc".utf8) + [0])).check.unreadableReason?.contains("does not allow") == true)
    }

    /// Bytes after the codestream's last frame, in a bare file or inside the container's codestream
    /// box, are read by nothing: the file fails closed.
    @Test func bytesAfterTheCodestreamFailClosed() throws {
        let bare = try JXLTools.cjxl("formats/lav_weld_rgb16.png", ["-q", "80"])
        let trailer = Array("GPS 52.37N 4.89E".utf8)
        #expect(scan(bare + trailer).check == .unreadable(
            "the file holds \(trailer.count) bytes after the end of the image's codestream, which galgen does not read"))
        let container = try Self.container()
        let boxes = JXLTools.boxes(container)
        let codestream = try #require(boxes.first { $0.type == "jxlc" })
        let padded = Array(container.prefix(container.count - codestream.body.count - 8)) + Self.box("jxlc", codestream.body + trailer)
        #expect(scan(padded).check.unreadableReason?.hasPrefix("its codestream boxes hold \(trailer.count) bytes after the end") == true)
        #expect(scan(Array(bare.prefix(bare.count - 10))).check.unreadableReason?.contains("could not be read to the end") == true)
    }

    /// An Exif box's offset may skip padding or JPEG's `Exif\0\0`, nothing else.
    @Test func anExifBoxsOffsetSkipsOnlyPadding() throws {
        let tiff = LocationBytes.tiff(gps: [LocationBytes.gpsPosition])
        let prefixed = try Self.container(Self.box("Exif", [0, 0, 0, 6] + Array("Exif\0\0".utf8) + tiff))
        #expect(scan(prefixed).check.isFound)
        let hidden = try Self.container(Self.box("Exif", [0, 0, 0, 4] + Array("GPS!".utf8) + tiff))
        #expect(scan(hidden).check == .unreadable("its first Exif box has 4 bytes before its TIFF structure that galgen does not read"))
    }

    /// Only `Exif` and `xml ` are read from a `brob` box; anything else compressed (a `jbrd`, whose
    /// JPEG segments libjxl would pass over) fails closed, as do bytes after the Brotli stream.
    @Test func compressedBoxesOtherThanMetadataFailClosed() throws {
        let jbrd = try Self.container(Self.box("brob", Array("jbrd".utf8) + Self.brotliStored([1, 2, 3, 4])))
        #expect(scan(jbrd).check == .unreadable("its first brob box compresses a jbrd box, which galgen does not read"))
        let trailing = try Self.container(Self.box("brob", Array("Exif".utf8) + Self.brotliStored(Self.gpsExif) + [7, 7]))
        #expect(scan(trailing).check.unreadableReason?.hasSuffix("2 bytes follow its Brotli stream") == true, "\(scan(trailing).check)")
        let xmp = try Self.container(Self.box("brob", Array("xml ".utf8) + Self.brotliStored(Array(LocationBytes.xmpWithGPS.utf8))))
        #expect(scan(xmp).check.isFound)
    }

    /// A place only the recompressed JPEG holds (XMP in its Photoshop segment, which the container
    /// has no box for) is found in the JPEG libjxl rebuilds.
    @Test func aPlaceOnlyInTheRebuiltJPEGIsFound() throws {
        let packet = Array(LocationBytes.xmpWithGPS.utf8)
        let resource = Array("8BIM".utf8) + LocationBytes.be16(1060) + [0, 0] + LocationBytes.be32(UInt32(packet.count)) + packet
            + (packet.count % 2 == 1 ? [0] : [])
        let jpeg = LocationBytes.inserting([LocationBytes.segment(0xED, Array("Photoshop 3.0\0".utf8) + resource)],
                                           into: try Fixtures.bytes("orientation/Landscape_1.jpg"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jxl-\(UUID().uuidString).jpg").path
        try Data(jpeg).write(to: URL(fileURLWithPath: folder))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try JXLTools.cjxl(folder)
        #expect(JXLTools.boxes(file).contains { $0.type == "jbrd" })
        let check = scan(file).check
        #expect(check.isFound && check != .none, "\(check)")
        if case let .found(where_) = check { #expect(where_.contains("APP13") || where_.contains("Photoshop"), "\(where_)") }
    }

    // MARK: - Building boxes

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = body.count + 8
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }

    /// A Brotli stream that stores `data` as it is (one uncompressed meta-block, then an empty last one).
    static func brotliStored(_ data: [UInt8]) -> [UInt8] {
        precondition(!data.isEmpty && data.count <= 1 << 16)
        // WBITS 16 (bit 0 clear), ISLAST 0, MNIBBLES 4, MLEN − 1 in bits 4–19, ISUNCOMPRESSED (bit 20).
        let header = UInt32(data.count - 1) << 4 | 1 << 20
        return [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)] + data + [0x03]
    }
}

extension LocationCheck {
    var unreadableReason: String? {
        if case let .unreadable(reason) = self { return reason }
        return nil
    }
}
