/// Small PNG files made in memory (stored, uncompressed deflate), and chunk surgery on real ones,
/// for the cases no fixture has: low-bit gray, gray tRNS, an out-of-range gAMA without a profile,
/// damage after the image data.
public enum TinyPNG {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A non-interlaced PNG of `rows` (each without its filter byte; filter 0 is added), with
    /// `extra` chunks between IHDR and IDAT.
    public static func make(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
                     extra: [(String, [UInt8])] = []) -> [UInt8] {
        let header = be32(width) + be32(height) + [bitDepth, colourType, 0, 0, 0]
        let scanlines: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }
        var file = signature + chunk("IHDR", header)
        for (type, data) in extra { file += chunk(type, data) }
        return file + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", [])
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    /// The chunks of a PNG as (offset of the length field, type, data length), as far as they go.
    public static func chunks(_ file: [UInt8]) -> [(offset: Int, type: String, length: Int)] {
        var found: [(Int, String, Int)] = []
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            found.append((offset, String(decoding: file[offset + 4..<offset + 8], as: UTF8.self), length))
            guard length <= file.count - offset - 12 else { break }
            offset += 12 + length
        }
        return found
    }

    /// The file without its chunks of `type`.
    public static func removing(_ type: String, from file: [UInt8]) -> [UInt8] {
        var result = file
        for chunk in chunks(file).reversed() where chunk.type == type {
            result.removeSubrange(chunk.offset..<chunk.offset + 12 + chunk.length)
        }
        return result
    }

    /// The file with a chunk inserted after the first chunk of type `after`.
    public static func inserting(_ type: String, _ data: [UInt8], after: String, into file: [UInt8]) -> [UInt8] {
        guard let previous = chunks(file).first(where: { $0.type == after }) else { return file }
        var result = file
        result.insert(contentsOf: chunk(type, data), at: previous.offset + 12 + previous.length)
        return result
    }

    /// Recomputes every whole chunk's CRC, so a mutation reaches the chunk's reader.
    public static func fixingCRCs(_ file: [UInt8]) -> [UInt8] {
        var result = file
        for chunk in chunks(file) where chunk.offset + 12 + chunk.length <= file.count {
            let crc = be32(crc32(Array(file[chunk.offset + 4..<chunk.offset + 8 + chunk.length])))
            result.replaceSubrange(chunk.offset + 8 + chunk.length..<chunk.offset + 12 + chunk.length, with: crc)
        }
        return result
    }

    public static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count), length = UInt16(end - start)
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
