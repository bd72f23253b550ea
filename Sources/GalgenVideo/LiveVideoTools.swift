import Foundation
import GalgenCore
import GalgenIO

/// The live `VideoTools`: ffprobe and ffmpeg found on the search path and run as children
/// (`ProgramRunner`), every one of them stopped by `FFmpegProcesses.terminateAll()`.
public enum LiveVideoTools {
    /// - Parameters:
    ///   - versionFile: where ffmpeg's version is remembered under its binary's stamp (a second
    ///     build runs no ffmpeg; `CacheFolder.Layout.ffmpegVersion`); nil asks ffmpeg once per process.
    ///   - scratchFolder: where posters and transcodes are written while they are made (a
    ///     transcode's file is the caller's to move or remove); nil is the system's temporary folder.
    ///   - searchPath: the folders searched for ffmpeg and ffprobe (`$PATH` when nil).
    ///   - temporaries: names the files being made (`.partial-…`), so Ctrl-C (`removeAll`) and the
    ///     next build remove what a killed one left; a finished transcode's file is forgotten by it
    ///     (it is the caller's).
    ///   - log: the ffmpeg version once, then each command line run (for `--verbose`).
    /// Without ffmpeg or ffprobe, every call throws `VideoToolError.notInstalled`.
    public static func make(versionFile: String? = nil, scratchFolder: String? = nil, searchPath: String? = nil,
                            temporaries: TemporaryFiles = TemporaryFiles(),
                            log: @escaping @Sendable (String) -> Void = { _ in }) -> VideoTools {
        guard let paths = VideoToolPaths.find(searchPath: searchPath) else { return .missing }
        let scratch = scratchFolder ?? NSTemporaryDirectory()
        let version = FFmpegVersion(ffmpeg: paths.ffmpeg, cacheFile: versionFile, log: log)
        let runner = VideoRunner(paths: paths, scratch: scratch, temporaries: temporaries, log: log)
        // One run for one MP4 or for every height of a source: the same steps around it.
        let transcodeTogether: @Sendable (String, [TranscodeJob], @escaping @Sendable (Double) -> Void) async throws -> [VideoFile] = {
            path, jobs, progress in
            _ = try version.value()
            try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let size = jobs.first.map { $0.details.width * $0.details.height } ?? 0
            return try await EmbeddedVideoFile.with(path, range: jobs.first?.embedded, scratch: scratch) { source in
                try await AnimationSource.with(source, format: VideoRunner.containerFormat(source), scratch: scratch, temporaries: temporaries,
                                               maxPixels: size) { input in
                    try await runner.transcode(input, jobs: jobs, progress: progress)
                }
            }
        }
        return VideoTools(
            version: { try version.value() },
            inspect: { path, request, options in
                _ = try version.value()
                // Made only when a video is rendered: a build that fails earlier leaves no cache.
                try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
                return try await EmbeddedVideoFile.with(path, range: options.embedded, scratch: scratch) { source in
                    let format = VideoRunner.containerFormat(source)
                    var rendered = try await AnimationSource.with(source, format: format, scratch: scratch, temporaries: temporaries,
                                                                  maxPixels: min(request.video.maxPixels, request.maxPixels)) { input in
                        try await runner.inspect(input, request: request, options: options)
                    }
                    rendered.sourceFormat = format
                    // An animated WebP was read from the APNG made of it: its line says what the file is.
                    if format == .webp, case .video(var details) = rendered.media {
                        details.codec = "webp"
                        rendered.media = .video(details)
                    }
                    if let format, [.png, .webp].contains(format) { try AnimationSource.describe(&rendered, from: source, format: format) }
                    return rendered
                }
            },
            transcode: { path, job, progress in try await transcodeTogether(path, [job], progress)[0] },
            transcodeTogether: transcodeTogether)
    }
}

/// The shell around the pure parts: probe, poster, transcode, each one child run.
struct VideoRunner: Sendable {
    let paths: VideoToolPaths
    let scratch: String
    let temporaries: TemporaryFiles
    let log: @Sendable (String) -> Void

    /// Runs one program, logged; a failure says what the program said. A run with a memory
    /// limit that failed for want of memory says so, with the limit and what it was worked out
    /// for (`limitFor`: "a 1920 × 1080 video with 2 threads").
    func run(_ run: ProgramRun, limitFor subject: String) async throws -> ProgramResult {
        log(run.commandLine)
        let result = try await ProgramRunner.run(run)
        guard let limit = run.memoryLimit, result.status != 0 else { return result }
        if result.status == ProgramRunner.limitRefused, result.errorText.contains("ulimit") {
            throw VideoToolError.failed(program: run.name, message: "its memory could not be limited (\(result.errorSummary))")
        }
        if result.ranOutOfMemory {
            throw VideoToolError.failed(program: run.name, message: "it needed more than the \(VideoMemory.text(limit)) of memory "
                + "galgen allows it for \(subject) (\(result.errorSummary)); the file may hold larger frames than it says. "
                + "For a video you trust, set video.max_memory (megabytes) higher")
        }
        return result
    }

    /// ffprobe's reading of the file at `path`, checked to be a video galgen can publish.
    func probe(_ path: String, memoryLimit: Int) async throws -> VideoProbe {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw VideoToolError.unusable("it cannot be read (no such file, or no permission)")
        }
        guard (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0 else { throw VideoToolError.unusable("the file is empty") }
        let result = try await run(ProgramRun(executable: paths.ffprobe, arguments: FFmpegArguments.probe(path),
                                              timeout: VideoSettings.defaultProbeTimeout,
                                              outputLimit: FFprobeReport.maxBytes + 1, memoryLimit: memoryLimit),
                                   limitFor: "reading a video's header")
        guard result.status == 0 else { throw Self.unreadable(result) }
        guard !result.outputOverflowed else {
            throw VideoToolError.unusable("ffprobe's report on it is over \(FFprobeReport.maxBytes) bytes")
        }
        let probe: VideoProbe
        do {
            probe = try FFprobeReport.parse(result.output)
        } catch {
            throw VideoToolError.unusable(error.description)
        }
        guard probe.isFormat("apng") else { return probe }
        // ffprobe gives an APNG no length or frame count: its chunks do.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            throw VideoToolError.unusable("it cannot be read (no such file, or no permission)")
        }
        // Walked in place (mapped, never copied): an animated WebP's APNG may be large.
        return data.withUnsafeBytes { probe.withPNGTiming($0) }
    }

    /// ffprobe or ffmpeg could not read the file: what that means for a person.
    static func unreadable(_ result: ProgramResult) -> VideoToolError {
        let said = result.errorSummary
        if said.contains("moov atom not found") {
            return .unusable("it is not a complete video: its index (moov) is missing, so the file is probably truncated (\(said))")
        }
        if said.contains("Invalid data found when processing input") {
            return .unusable("it is not a video ffmpeg can read (\(said))")
        }
        if let range = said.range(of: "Decoder ("), said.contains("not found") {
            let codec = said[range.upperBound...].prefix { $0 != ")" }
            return .unusable("its video is in a codec (\(codec)) the installed ffmpeg cannot decode")
        }
        return .failed(program: "ffprobe", message: said)
    }
}
