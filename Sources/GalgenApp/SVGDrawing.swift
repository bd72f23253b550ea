import Foundation
import GalgenBuild
import GalgenCore

/// An SVG drawn as a PNG by librsvg's rsvg-convert (Debian's librsvg2-bin, Homebrew's librsvg):
/// galgen draws no vectors itself. Only a `watermark:` image is drawn, once per build.
enum SVGDrawing {
    /// The PNG of the SVG at `path`, `width` pixels wide, its proportions kept and its transparency too.
    static func png(of path: String, width: Int) throws -> [UInt8] {
        guard let program = ["/usr/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) ?? find("rsvg-convert") else {
            throw WatermarkLoadError(reason: "is an SVG, and drawing one needs rsvg-convert, which is not installed "
                + "(apt-get install librsvg2-bin, brew install librsvg); or give a PNG")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--width", String(width), "--keep-aspect-ratio", "--format", "png", "--", path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to the end before waiting: a large PNG would fill the pipe and stop the child.
        let errorText = LockedData()
        let reader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorText.isSet { usleep(1000) }
        guard process.terminationStatus == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            let said = String(decoding: errorText.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw WatermarkLoadError(reason: "could not be drawn by rsvg-convert (\(said.isEmpty ? "status \(process.terminationStatus)" : said))")
        }
        return Array(png)
    }

    private static func find(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// What the reader thread read, handed over once.
    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        func set(_ value: Data) { lock.withLock { data = value } }
        var isSet: Bool { lock.withLock { data != nil } }
        var value: Data { lock.withLock { data ?? Data() } }
    }
}
