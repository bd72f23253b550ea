import Foundation
import Testing

/// Tests/Fixtures/metadata, beside this test target (see SOURCES.md there).
enum MetadataFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/metadata").path

    static let names = ["all_sources.jpg", "exif_boilerplate.jpg", "exif_words.jpg", "iptc_latin1.jpg",
                        "iptc_utf8.jpg", "xmp_words.jpg"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
}

/// Builds the metadata parts of a JPEG byte by byte: segments, Photoshop resource blocks, IIM datasets.
enum MetadataBytes {
    /// SOI, the segments, EOI: enough for the metadata readers, which stop before any image data.
    static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        [0xFF, 0xD8] + segments.flatMap { $0 } + [0xFF, 0xD9]
    }

    /// A marker segment with its length field (which counts itself, not the marker).
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + payload
    }

    static func xmpSegment(_ xml: String) -> [UInt8] {
        segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xml.utf8))
    }

    static func app13(_ resources: [UInt8]) -> [UInt8] {
        segment(0xED, Array("Photoshop 3.0\0".utf8) + resources)
    }

    /// An "8BIM" block: name as a padded Pascal string, data padded to an even length unless `padded` is false.
    static func resource(_ id: UInt16, name: [UInt8] = [], _ data: [UInt8], padded: Bool = true,
                         declaredSize: UInt32? = nil, signature: String = "8BIM") -> [UInt8] {
        let pascal = [UInt8(name.count)] + name + (name.count % 2 == 0 ? [0] : [])
        let size = declaredSize ?? UInt32(data.count)
        let sizeBytes = [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        return Array(signature.utf8) + [UInt8(id >> 8), UInt8(id & 0xFF)] + pascal + sizeBytes + data
            + (padded && data.count % 2 == 1 ? [0] : [])
    }

    /// One IIM dataset with a standard (2-byte) length.
    static func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
        [0x1C, record, number, UInt8(value.count >> 8 & 0xFF), UInt8(value.count & 0xFF)] + value
    }

    static func dataset(_ record: UInt8, _ number: UInt8, _ text: String) -> [UInt8] {
        dataset(record, number, Array(text.utf8))
    }

    /// 1:90 Coded Character Set = UTF-8.
    static let utf8Declaration = dataset(1, 90, [0x1B, 0x25, 0x47])

    /// A JPEG whose IPTC is these datasets.
    static func iptcJPEG(_ datasets: [UInt8]) -> [UInt8] {
        jpeg([app13(resource(0x0404, datasets))])
    }

    /// An XMP packet with the usual wrapping around `body` (the inside of `rdf:RDF`).
    static func packet(_ body: String) -> String {
        """
        <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
        <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
        \(body)
        </rdf:RDF></x:xmpmeta><?xpacket end='w'?>
        """
    }
}

/// Runs `body`, expecting it to finish well within a second (no loop, no runaway work).
func quickly<T>(_ body: () -> T, sourceLocation: SourceLocation = #_sourceLocation) -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = body()
    let elapsed = clock.now - start
    #expect(elapsed < .seconds(1), "took \(elapsed)", sourceLocation: sourceLocation)
    return result
}
