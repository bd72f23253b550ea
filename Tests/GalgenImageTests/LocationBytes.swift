import GalgenTestSupport

/// Builds the metadata blocks the location tests splice into real fixture photos: TIFF (EXIF)
/// structures with and without GPS, XMP packets, JPEG segments, RIFF chunks.
enum LocationBytes {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: [UInt8]
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func le32(_ value: UInt32) -> [UInt8] { be32(value).reversed() }

    static func rationals(_ values: [UInt32]) -> [UInt8] { values.flatMap { be32($0) + be32(1) } }

    /// A GPS IFD that places the photo at 52°22′N 4°53′E.
    static let gpsPosition = [
        Entry(tag: 0x0000, type: 1, count: 4, value: [2, 3, 0, 0]),
        Entry(tag: 0x0001, type: 2, count: 2, value: Array("N\0".utf8)),
        Entry(tag: 0x0002, type: 5, count: 3, value: rationals([52, 22, 0])),
        Entry(tag: 0x0003, type: 2, count: 2, value: Array("E\0".utf8)),
        Entry(tag: 0x0004, type: 5, count: 3, value: rationals([4, 53, 0])),
    ]
    /// A GPS IFD as cameras write it without a fix: a version only.
    static let gpsEmpty = [Entry(tag: 0x0000, type: 1, count: 4, value: [2, 3, 0, 0])]

    /// A big-endian TIFF: IFD0 (orientation 1, then a GPSInfo pointer per GPS IFD, in order),
    /// the GPS IFDs after it, then the values that do not fit in an entry.
    static func tiff(gps: [[Entry]], ifd0: [Entry] = []) -> [UInt8] {
        let first = [Entry(tag: 0x0112, type: 3, count: 1, value: [0, 1])] + ifd0
        let ifdSize = { (count: Int) in 2 + 12 * count + 4 }
        var ifdOffsets = [8]
        var next = 8 + ifdSize(first.count + gps.count)
        for ifd in gps { ifdOffsets.append(next); next += ifdSize(ifd.count) }
        var dataOffset = next
        var data: [UInt8] = []
        func emit(_ entries: [Entry]) -> [UInt8] {
            var out = be16(UInt16(entries.count))
            for entry in entries {
                out += be16(entry.tag) + be16(entry.type) + be32(entry.count)
                if entry.value.count <= 4 {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    out += be32(UInt32(dataOffset))
                    data += entry.value
                    dataOffset += entry.value.count
                }
            }
            return out + be32(0)
        }
        let pointers = gps.indices.map { Entry(tag: 0x8825, type: 4, count: 1, value: be32(UInt32(ifdOffsets[$0 + 1]))) }
        var out = Array("MM".utf8) + be16(42) + be32(8) + emit(first + pointers)
        for ifd in gps { out += emit(ifd) }
        return out + data
    }

    /// An XMP packet whose description carries `properties` as attributes (`exif:GPSLatitude="…"`).
    static func xmp(_ properties: String, prefix: String = "exif") -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
        xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
        xmlns:\(prefix)="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" \(properties)/>\
        </rdf:RDF></x:xmpmeta><?xpacket end="w"?>
        """
    }

    static let xmpWithGPS = xmp(#"exif:GPSLatitude="52,22.0N" exif:GPSLongitude="4,53.0E""#)
    static let xmpWithoutGPS = xmp(#"exif:DateTimeOriginal="2024-06-12T10:00:00""#)

    // MARK: JPEG

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(UInt16(payload.count + 2)) + payload
    }

    static func exifSegment(_ tiff: [UInt8]) -> [UInt8] { segment(0xE1, Array("Exif\0\0".utf8) + tiff) }
    static func xmpSegment(_ packet: [UInt8]) -> [UInt8] { segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet) }

    /// The JPEG with `segments` right after its SOI.
    static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segments.flatMap { $0 } + Array(jpeg[2...])
    }

    /// Extended XMP segments carrying `packet` in chunks of at most `chunk` bytes.
    static func extendedXMP(_ packet: [UInt8], chunk: Int, guid: String = "0123456789ABCDEF0123456789ABCDEF") -> [[UInt8]] {
        stride(from: 0, to: packet.count, by: chunk).map { offset in
            segment(0xE1, Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array(guid.utf8) + be32(UInt32(packet.count))
                + be32(UInt32(offset)) + Array(packet[offset..<min(packet.count, offset + chunk)]))
        }
    }

    /// An APP2 MPF index of two images, for a file in which it comes right after the SOI: the
    /// second image starts at `second` (an offset in the file) and is `secondSize` bytes long.
    static func mpfSegment(firstSize: Int, second: Int, secondSize: Int) -> [UInt8] {
        let header = 2 + 4 + 4  // SOI, the segment's marker and length, "MPF\0": where offsets count from
        let entries = be32(0x0003_0000) + be32(UInt32(firstSize)) + be32(0) + be16(0) + be16(0)
            + be32(0x0000_0000) + be32(UInt32(secondSize)) + be32(UInt32(second - header)) + be16(0) + be16(0)
        let ifd: [Entry] = [Entry(tag: 0xB000, type: 7, count: 4, value: Array("0100".utf8)),
                            Entry(tag: 0xB001, type: 4, count: 1, value: be32(2)),
                            Entry(tag: 0xB002, type: 7, count: UInt32(entries.count), value: entries)]
        // IFD at 8: 2 + 3 × 12 + 4 = 42 bytes, then the entries' values.
        var out = Array("MM".utf8) + be16(42) + be32(8) + be16(3)
        for entry in ifd {
            out += be16(entry.tag) + be16(entry.type) + be32(entry.count)
            out += entry.value.count <= 4 ? entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count) : be32(8 + 42)
        }
        return segment(0xE2, Array("MPF\0".utf8) + out + be32(0) + entries)
    }

    // MARK: PNG

    /// A zlib stream of stored (uncompressed) deflate blocks: what any inflater reads.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let piece = Array(data[offset..<min(data.count, offset + 65535)])
            offset += piece.count
            let length = UInt16(piece.count)
            out += [offset >= data.count ? 1 : 0] + [UInt8(length & 0xFF), UInt8(length >> 8)]
                + [UInt8(~length & 0xFF), UInt8(~length >> 8)] + piece
        } while offset < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(b << 16 | a)
    }

    /// A zlib stream that inflates to about `megabytes` MB of zeros, in one fixed-Huffman block:
    /// a literal 0, then matches of 258 bytes at distance 1 (13 bits each).
    static func zlibZeros(megabytes: Int) -> [UInt8] {
        let matches = (megabytes << 20) / 258
        var bits = BitWriter()
        bits.write(0b011, count: 3)  // BFINAL, BTYPE 01 (fixed Huffman), least significant bit first
        bits.writeCode(0b0011_0000, count: 8)  // literal 0
        for _ in 0..<matches {
            bits.writeCode(0b1100_0101, count: 8)  // length 258 (code 285)
            bits.writeCode(0, count: 5)  // distance 1
        }
        bits.writeCode(0, count: 7)  // end of block
        // Adler-32 of n zeros: the sum stays 1, the sum of sums is n.
        let length = UInt32((1 + 258 * matches) % 65521)
        return [0x78, 0x01] + bits.bytes + be32(length << 16 | 1)
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        /// Bits of a value, least significant first (deflate's header fields and extra bits).
        mutating func write(_ value: Int, count: Int) {
            for index in 0..<count { push(value >> index & 1) }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: Int, count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) { push(code >> index & 1) }
        }

        private mutating func push(_ bit: Int) {
            if used == 8 { bytes.append(0); used = 0 }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }

    /// ImageMagick's "Raw profile type" text: a newline, the name, the length, then hexadecimal lines.
    static func rawProfile(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        let lines = stride(from: 0, to: hex.count, by: 36).map { hex[$0..<min(hex.count, $0 + 36)].joined() }
        return Array("\n\(name)\n\(String(repeating: " ", count: 8 - String(bytes.count).count))\(bytes.count)\n\(lines.joined(separator: "\n"))\n".utf8)
    }

    /// The PNG with a chunk inserted after its IHDR, CRC included.
    static func inserting(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        TinyPNG.inserting(type, data, after: "IHDR", into: png)
    }

    /// An iTXt chunk's data: keyword, compression flag and method, empty language and translation, text.
    static func iTXt(_ keyword: String, _ text: [UInt8], compressed: Bool = false) -> [UInt8] {
        Array(keyword.utf8) + [0, compressed ? 1 : 0, 0, 0, 0] + (compressed ? zlibStored(text) : text)
    }

    // MARK: WebP

    /// A RIFF chunk, padded to an even length.
    static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// The WebP with `chunks` appended and its RIFF size made to match.
    static func appending(_ chunks: [[UInt8]], to webp: [UInt8]) -> [UInt8] {
        var file = webp + chunks.flatMap { $0 }
        file.replaceSubrange(4..<8, with: le32(UInt32(file.count - 8)))
        return file
    }
}
