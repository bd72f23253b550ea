import Foundation
import GalgenCore

/// A Motion Photo's MP4 lives inside the still's file; ffmpeg reads a file of its own (its
/// sample offsets count from the MP4's first byte), so the range is copied out to the scratch
/// folder for one probe or transcode, and removed after it.
enum EmbeddedVideoFile {
    static func with<Value>(_ path: String, range: Range<Int>?, scratch: String,
                            _ body: (String) async throws -> Value) async throws -> Value {
        guard let range else { return try await body(path) }
        let copy = (scratch as NSString).appendingPathComponent("galgen-motion-\(UUID().uuidString).mp4")
        defer { unlink(copy) }
        try extract(path, range: range, to: copy)
        return try await body(copy)
    }

    /// Copies `range` of the file at `path`, a megabyte at a time.
    static func extract(_ path: String, range: Range<Int>, to copy: String) throws {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw VideoToolError.unusable("its motion cannot be read from \(path)")
        }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: copy, contents: nil), let output = FileHandle(forWritingAtPath: copy) else {
            throw VideoToolError.failed(program: "galgen", message: "cannot write \(copy)")
        }
        defer { try? output.close() }
        try input.seek(toOffset: UInt64(range.lowerBound))
        var left = range.count
        while left > 0 {
            guard let chunk = try input.read(upToCount: min(left, 1 << 20)), !chunk.isEmpty else {
                throw VideoToolError.unusable("its motion ends early: the file is shorter than its XMP says")
            }
            try output.write(contentsOf: chunk)
            left -= chunk.count
        }
    }
}
