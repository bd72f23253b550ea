import CZlib
import Foundation
import GalgenCore

/// Writes an animated PNG, one frame at a time, every frame the whole canvas: a lossless file
/// with each frame's own time, which ffmpeg reads like a GIF (`AnimationSource`). Pixels are
/// RGB: a transparent pixel is composited onto the page's background (`PageBackground`) first, as a JPEG
/// rendition's are, since an MP4 has no alpha.
struct APNGWriter {
    private let output: FileHandle
    private var sequence: UInt32 = 0
    private let width: Int, height: Int

    /// Starts the file at `path` for `frames` frames of `width` × `height`, played in a loop.
    init(path: String, width: Int, height: Int, frames: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let output = FileHandle(forWritingAtPath: path) else {
            throw VideoToolError.failed(program: "galgen", message: "cannot write \(path)")
        }
        self.output = output
        self.width = width
        self.height = height
        try output.write(contentsOf: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        try chunk("acTL", Self.bigEndian(UInt32(frames)) + Self.bigEndian(0))
    }

    /// The next frame: RGBA with straight alpha, shown for `milliseconds` (as browsers do, a
    /// frame of 10 ms or less is shown for 100).
    mutating func add(rgba: UnsafeBufferPointer<UInt8>, milliseconds: Int) throws {
        let first = sequence == 0
        let (numerator, denominator) = Self.delay(milliseconds: milliseconds)
        try chunk("fcTL", Self.bigEndian(sequence) + Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
            + Self.bigEndian(0) + Self.bigEndian(0) + Self.bigEndian16(numerator) + Self.bigEndian16(denominator) + [0, 0])
        sequence += 1
        let compressed = try Self.deflate(Self.scanlines(rgba, width: width, height: height))
        var start = 0
        repeat {
            let piece = Array(compressed[start ..< min(compressed.count, start + Self.chunkBytes)])
            if first {
                try chunk("IDAT", piece)
            } else {
                try chunk("fdAT", Self.bigEndian(sequence) + piece)
                sequence += 1
            }
            start += Self.chunkBytes
        } while start < compressed.count
    }

    /// Ends the file.
    func finish() throws {
        try chunk("IEND", [])
        try output.close()
    }

    /// How long a frame is shown, as an fcTL delay: milliseconds when they fit, else hundredths.
    static func delay(milliseconds: Int) -> (UInt16, UInt16) {
        let shown = milliseconds <= 10 ? 100 : milliseconds
        return shown <= Int(UInt16.max) ? (UInt16(shown), 1000) : (UInt16(min(Int(UInt16.max), shown / 10)), 100)
    }

    /// The rows of an RGB image, each after its filter byte (none), composited onto the background.
    static func scanlines(_ rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        let row = 1 + width * 3
        return [UInt8](unsafeUninitializedCapacity: row * height) { out, count in
            var target = 0
            for y in 0 ..< height {
                out[target] = 0
                target += 1
                var source = y * width * 4
                for _ in 0 ..< width {
                    let alpha = Int(rgba[source + 3])
                    out[target] = PageBackground.over(rgba[source], PageBackground.red, alpha: alpha)
                    out[target + 1] = PageBackground.over(rgba[source + 1], PageBackground.green, alpha: alpha)
                    out[target + 2] = PageBackground.over(rgba[source + 2], PageBackground.blue, alpha: alpha)
                    target += 3
                    source += 4
                }
            }
            count = row * height
        }
    }

    private static let chunkBytes = 1 << 20

    private static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &size, $0.baseAddress, uLong($0.count), Z_BEST_SPEED) }
        }
        guard status == Z_OK else { throw VideoToolError.failed(program: "galgen", message: "zlib could not compress a frame (\(status))") }
        return Array(out.prefix(Int(size)))
    }

    private func chunk(_ type: String, _ payload: [UInt8]) throws {
        let body = Array(type.utf8) + payload
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        try output.write(contentsOf: Data(Self.bigEndian(UInt32(payload.count)) + body + Self.bigEndian(crc)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    private static func bigEndian16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
}
