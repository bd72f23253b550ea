import Foundation
@testable import GalgenHEIF
import GalgenPixels
import Testing

/// HEIF/AVIF image sequences (a `moov` box with a picture track), on the fixtures of
/// Tests/Fixtures/heif (SOURCES.md): the still (primary) image is shown, with a note saying the
/// frames are not; a sequence with no still image is refused, saying what it is and what to do.
struct HEIFSequenceTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return Array(try Data(contentsOf: folder.appendingPathComponent("Fixtures/heif/" + name)))
    }

    @Test("A sequence with a still image shows the still, with a note", arguments: [
        // libavif's colors-animated-8bpc: 150×150, 5 frames.
        ("sequence_with_still.avif", 150, 150),
        // The same with an AAC track of 8 samples: the frames are counted on the picture track.
        ("sequence_with_still_and_audio.avif", 150, 150),
        // Link-U's star: 159×159, 5 frames, and an ftyp libheif 1.15 refuses as it stands.
        ("sequence_with_still_no_mif1_brand.avif", 159, 159),
    ])
    func theStillImageIsUsed(_ name: String, _ width: Int, _ height: Int) throws {
        let decoded = try HEIFDecoder.decode(try Self.bytes(name), maxPixels: 1_000_000)
        #expect((decoded.pixels.width, decoded.pixels.height) == (width, height))
        #expect(decoded.notes == ["an AVIF image sequence of 5 frames: its still (primary) image is used"])
        let header = try HEIFDecoder.header(try Self.bytes(name))
        #expect((header.width, header.height, header.topLevelImages) == (width, height, 1))
    }

    @Test func theStarStillIsTheStar() throws {
        // The repository's star.png, a pale yellow star, with its transparent surround encoded as
        // black (this file has no alpha): yellow in the middle, near-black in the corner. Decoded
        // at all only because its msf1 brand is read as mif1.
        let pixels = try HEIFDecoder.decode(try Self.bytes("sequence_with_still_no_mif1_brand.avif"), maxPixels: 1_000_000).pixels
        let middle = (80 * 159 + 79) * 3, corner = (2 * 159 + 2) * 3
        let (r, g, b) = (pixels.bytes[middle], pixels.bytes[middle + 1], pixels.bytes[middle + 2])
        #expect(r > 230 && g > 200 && b < 200 && b > 100, "\(r) \(g) \(b)")
        #expect(pixels.bytes[corner..<(corner + 3)].allSatisfy { $0 < 40 }, "\(Array(pixels.bytes[corner..<(corner + 3)]))")
    }

    @Test func aSequenceWithNoStillImageIsRefusedSayingWhatToDo() throws {
        let bytes = try Self.bytes("sequence_without_still.avif")
        let refusal = "it is an AVIF image sequence of 5 frames with no still (primary) image, and galgen reads only still images "
            + "from HEIF and AVIF files; export one frame as a still image (for example as a JPEG) and use that file"
        #expect { try HEIFDecoder.decode(bytes, maxPixels: 1_000_000) } throws: { "\($0)" == refusal }
        #expect { try HEIFDecoder.header(bytes) } throws: { "\($0)" == refusal }
    }

    @Test("What the boxes say", arguments: [
        ("sequence_with_still.avif", HEIFBoxes.ImageSequence(format: "AVIF", frames: 5, hasStillImage: true)),
        ("sequence_with_still_and_audio.avif", HEIFBoxes.ImageSequence(format: "AVIF", frames: 5, hasStillImage: true)),
        ("sequence_with_still_no_mif1_brand.avif", HEIFBoxes.ImageSequence(format: "AVIF", frames: 5, hasStillImage: true)),
        ("sequence_without_still.avif", HEIFBoxes.ImageSequence(format: "AVIF", frames: 5, hasStillImage: false)),
        ("grid_made_of_itself.avif", nil),
    ] as [(String, HEIFBoxes.ImageSequence?)])
    func boxes(_ name: String, _ sequence: HEIFBoxes.ImageSequence?) throws {
        #expect(HEIFBoxes.imageSequence(in: try Self.bytes(name)) == sequence)
    }

    @Test func onlyAnMsf1FileLackingAStillImageBrandIsGivenOne() throws {
        let star = try Self.bytes("sequence_with_still_no_mif1_brand.avif")
        let patched = try #require(HEIFBoxes.stillImageBrandAdded(to: star))
        // ftyp avis, minor 0, compatible avis msf1 miaf MA1B: msf1 becomes mif1, nothing else moves.
        #expect(patched[16..<32].elementsEqual("avismif1miafMA1B".utf8))
        #expect(patched.count == star.count && zip(patched, star).filter { $0 != $1 }.count <= 4)
        for name in ["sequence_with_still.avif", "sequence_without_still.avif", "grid_made_of_itself.avif"] {
            #expect(HEIFBoxes.stillImageBrandAdded(to: try Self.bytes(name)) == nil, "\(name)")
        }
    }

    @Test("A sequence's note and refusal, with and without a frame count", arguments: [
        (5, "an AVIF image sequence of 5 frames: its still (primary) image is used"),
        (nil, "an AVIF image sequence: its still (primary) image is used"),
        // One frame: the still shows all there is.
        (1, nil),
    ] as [(Int?, String?)])
    func wording(_ frames: Int?, _ note: String?) {
        let sequence = HEIFBoxes.ImageSequence(format: "AVIF", frames: frames, hasStillImage: true)
        #expect(sequence.note == note)
        #expect(HEIFBoxes.ImageSequence(format: "HEIF", frames: nil, hasStillImage: false).refusal
            .hasPrefix("it is a HEIF image sequence with no still (primary) image"))
    }

    @Test("Sequence boxes built by hand: only a picture (or video) track counts, and a cut file is read safely", arguments: [
        // (handler, sample table box, brand, expected)
        ("pict", "stsz", "msf1", HEIFBoxes.ImageSequence(format: "HEIF", frames: 7, hasStillImage: false)),
        ("vide", "stz2", "avis", HEIFBoxes.ImageSequence(format: "AVIF", frames: 7, hasStillImage: false)),
        ("soun", "stsz", "msf1", nil),
    ] as [(String, String, String, HEIFBoxes.ImageSequence?)])
    func handBuilt(_ handler: String, _ table: String, _ brand: String, _ expected: HEIFBoxes.ImageSequence?) {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = 8 + body.count
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        let sizes = box(table, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7])
        let trak = box("trak", box("tkhd", [UInt8](repeating: 0, count: 84))
            + box("mdia", hdlr + box("minf", box("stbl", sizes))))
        let file = box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array(brand.utf8)) + box("moov", box("mvhd", [0, 0, 0, 0]) + trak)
        #expect(HEIFBoxes.imageSequence(in: file) == expected)
        // Cut anywhere, never read past the end.
        for end in stride(from: 0, to: file.count, by: 3) { _ = HEIFBoxes.imageSequence(in: Array(file[..<end])) }
    }
}
