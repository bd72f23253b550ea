import Foundation

/// Video fixtures made by ffmpeg at test time (testsrc2 and a sine tone), tiny so the suite
/// stays fast: never committed. `available` is false where ffmpeg is not installed.
public enum VideoClips {
    public static var ffmpeg: String? { find("ffmpeg") }
    public static var ffprobe: String? { find("ffprobe") }
    public static var available: Bool { ffmpeg != nil && ffprobe != nil }

    static func find(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The test sources: `seconds` of a colour test pattern at `size`, with a 440 Hz tone when `audio`.
    public static func sourceInputs(size: String = "320x240", seconds: Double = 1, rate: Int = 30, audio: Bool = true) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
            + (audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] : [])
    }

    /// A plain H.264 + AAC MP4.
    public static let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"]

    /// Runs ffmpeg with `arguments` (quiet, overwriting), making `output` in `folder`; its path.
    @discardableResult
    public static func make(_ output: String, in folder: String, _ arguments: [String]) throws -> String {
        let path = folder + "/" + output
        let status = try run(ffmpeg ?? "ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments + [path])
        guard status.code == 0 else { throw ClipError(message: "ffmpeg could not make \(output): \(status.errors)") }
        return path
    }

    /// A program's exit status, standard output and standard error (small outputs only).
    public static func run(_ program: String, _ arguments: [String]) throws -> (code: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = Data.readAll(errors.fileHandleForReading, alongside: output.fileHandleForReading)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errorData.output, as: UTF8.self),
                String(decoding: errorData.errors, as: UTF8.self))
    }

    /// ffprobe's JSON report on `path`, parsed by Foundation (tests read it field by field).
    public static func probe(_ path: String) throws -> [String: Any] {
        let result = try run(ffprobe ?? "ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path])
        return (try JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] ?? [:]
    }

    /// The mean luma (signalstats YAVG, 0…255) over every frame of `path`.
    public static func meanLuma(_ path: String) throws -> Double {
        let result = try run(ffmpeg ?? "ffmpeg", ["-hide_banner", "-nostdin", "-i", path, "-map", "0:v:0", "-vf",
                                                  "signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-", "-f", "null", "-"])
        let values = result.output.split(whereSeparator: \.isNewline).compactMap { line -> Double? in
            guard line.hasPrefix("lavfi.signalstats.YAVG=") else { return nil }
            return Double(line.dropFirst("lavfi.signalstats.YAVG=".count))
        }
        guard !values.isEmpty else { throw ClipError(message: "no luma measured in \(path): \(result.errors)") }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The detail of an image or of frames of a video, as `PosterChoice` measures it (the
    /// normalized entropy of neighbouring luma differences), at 160 px wide so that sizes
    /// compare: one value per frame; `times` picks those frames of a video (nil: an image's one).
    public static func detail(_ path: String, times: [Double]? = nil) throws -> [Double] {
        let chain = "scale=160:-2,format=gray,entropy=mode=diff,metadata=print:key=lavfi.entropy.normalized_entropy.diff.Y:file=-"
        return try (times ?? [-1]).map { time in
            let seek = time < 0 ? [] : ["-ss", String(format: "%.3f", time)]
            let result = try run(ffmpeg ?? "ffmpeg", ["-hide_banner", "-nostdin"] + seek + ["-i", path, "-map", "0:v:0", "-frames:v", "1",
                                                                                             "-vf", chain, "-f", "null", "-"])
            let key = "lavfi.entropy.normalized_entropy.diff.Y="
            guard let line = result.output.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix(key) }),
                  let value = Double(line.dropFirst(key.count)) else {
                throw ClipError(message: "no detail measured in \(path) at \(time): \(result.errors)")
            }
            return value
        }
    }

    public struct ClipError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

extension Data {
    /// Both pipes read to their ends at once (one on another thread), so neither fills and blocks the child.
    static func readAll(_ errors: FileHandle, alongside output: FileHandle) -> (output: Data, errors: Data) {
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.data = output.readDataToEndOfFile()
            done.signal()
        }.start()
        let errorData = errors.readDataToEndOfFile()
        done.wait()
        return (box.data, errorData)
    }
}
