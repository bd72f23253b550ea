import Foundation

/// libjxl's own programs, the reference the tests hold galgen's JPEG XL against: `cjxl` makes
/// JPEG XL photos from the fixtures (as a camera app or an export would), `djxl` decodes
/// galgen's renditions (libjxl-tools; `make test` installs them).
public enum JXLTools {
    public struct ToolError: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    static func program(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw ToolError(description: "\(name) is missing: run make test-tools (Debian's libjxl-tools, Homebrew's jpeg-xl)")
    }

    /// `cjxl input output arguments…` on a fixture (relative to Tests/Fixtures) or an absolute path; the output's bytes.
    public static func cjxl(_ input: String, _ arguments: [String] = []) throws -> [UInt8] {
        let source = input.hasPrefix("/") ? input : Fixtures.root + "/" + input
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cjxl-\(UUID().uuidString).jxl").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try VideoClips.run(try program("cjxl"), [source, output, "--num_threads=0"] + arguments)
        guard result.code == 0 else { throw ToolError(description: "cjxl \(input) failed: \(result.errors)") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// A file decoded by `djxl` into an 8-bit PNG (with alpha when it has alpha), for GalgenPNG to read.
    public static func djxl(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("djxl-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/in.jxl"))
        let result = try VideoClips.run(try program("djxl"), [folder + "/in.jxl", folder + "/out.png", "--bits_per_sample=8", "--num_threads=1"])
        guard result.code == 0 else { throw ToolError(description: "djxl failed: \(result.errors)") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")))
    }

    /// The top-level boxes of a container file.
    public static func boxes(_ bytes: [UInt8]) -> [(type: String, body: [UInt8])] {
        var boxes: [(String, [UInt8])] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if size == 0 { size = bytes.count - offset }
            guard size >= 8, offset + size <= bytes.count else { break }
            boxes.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), Array(bytes[(offset + 8)..<(offset + size)])))
            offset += size
        }
        return boxes
    }
}
