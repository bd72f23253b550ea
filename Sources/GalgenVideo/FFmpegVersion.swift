import Foundation
import GalgenCore
import GalgenIO
import Synchronization

/// ffmpeg's version (the first line of `ffmpeg -version`, without its copyright), asked once per
/// process and, with a cache folder, remembered across builds under the ffmpeg binary's
/// `FileStamp`: a second build runs no ffmpeg at all unless the binary changed.
final class FFmpegVersion: Sendable {
    private let ffmpeg: String
    private let cacheFile: String?
    private let log: @Sendable (String) -> Void
    private let known = Mutex<String?>(nil)

    /// - Parameter cacheFile: where the version is remembered (`CacheFolder.Layout.ffmpegVersion`).
    init(ffmpeg: String, cacheFile: String?, log: @escaping @Sendable (String) -> Void) {
        self.ffmpeg = ffmpeg
        self.cacheFile = cacheFile
        self.log = log
    }

    private struct Record: Codable {
        var path: String
        var stamp: FileStamp
        var version: String
    }

    /// The version; computed under the lock, so concurrent first callers run ffmpeg once.
    func value() throws -> String {
        try known.withLock { known in
            if let known { return known }
            let version = try remembered() ?? asked()
            log("ffmpeg: \(version) (\(ffmpeg))")
            known = version
            return version
        }
    }

    private func remembered() -> String? {
        guard let cacheFile, let stamp = FileStamp.of(ffmpeg), let data = FileManager.default.contents(atPath: cacheFile),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              record.path == ffmpeg, record.stamp.sameContents(as: stamp), !record.version.isEmpty
        else { return nil }
        return record.version
    }

    private func asked() throws -> String {
        let run = ProgramRun(executable: ffmpeg, arguments: ["-hide_banner", "-version"],
                             timeout: VideoSettings.defaultProbeTimeout)
        log(run.commandLine)
        let result = try ProgramRunner.runBlocking(run)
        guard result.status == 0, let version = Self.firstLine(result.output) else {
            throw VideoToolError.failed(program: "ffmpeg", message: "ffmpeg -version said nothing usable: \(result.errorSummary)")
        }
        if let cacheFile, let stamp = FileStamp.of(ffmpeg),
           let data = try? JSONEncoder().encode(Record(path: ffmpeg, stamp: stamp, version: version)) {
            try? FileManager.default.createDirectory(atPath: (cacheFile as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try? TemporaryFiles().writeAtomically(Array(data), to: cacheFile, durable: false)
        }
        return version
    }

    /// "ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers" → "ffmpeg 5.1.6-0+deb12u1".
    static func firstLine(_ output: [UInt8]) -> String? {
        let line = String(decoding: output.prefix(1024), as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let words = line.split(separator: " ")
        guard words.count >= 3, words[0] == "ffmpeg", words[1] == "version" else { return nil }
        return "ffmpeg " + words[2]
    }
}
