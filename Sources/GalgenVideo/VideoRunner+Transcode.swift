import Foundation
import GalgenCore
import GalgenIO

extension VideoRunner {
    /// One output of `job` into a new file in the scratch folder, hashed; removed again if the
    /// encode fails, times out or is cancelled. The time limit grows with the video's duration
    /// (`VideoQuality.transcodeTimeout`: 60 s + 20 s per second of video).
    func transcode(_ path: String, job: TranscodeJob, progress: @escaping @Sendable (Double) -> Void) async throws -> VideoFile {
        let output = temporaries.make(in: scratch, tag: "video.mp4")
        var kept = false
        defer {
            if !kept { unlink(output) }
            temporaries.forget(output)
        }
        let reader = ProgressReader(duration: job.details.duration, report: progress)
        let result = try await run(ProgramRun(executable: paths.ffmpeg,
                                              arguments: FFmpegArguments.transcode(path, output: output, job: job),
                                              timeout: VideoQuality.transcodeTimeout(duration: job.details.duration),
                                              outputLimit: 4096, onLine: { reader.read($0) },
                                              memoryLimit: VideoMemory.transcodeLimit(job, setting: job.maxMemory)),
                                   limitFor: "a \(job.details.width) × \(job.details.height) video into "
                                       + "\(job.output.width) × \(job.output.height) \(job.output.codec.rawValue) with \(job.threads) "
                                       + (job.threads == 1 ? "thread" : "threads"))
        guard result.status == 0 else {
            let error = Self.unreadable(result)
            if case .failed(_, let message) = error { throw VideoToolError.failed(program: "ffmpeg", message: message) }
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0, let digest = ContentStore.digest(ofFile: output) else {
            throw VideoToolError.failed(program: "ffmpeg", message: "it wrote no video (\(result.errorSummary))")
        }
        kept = true
        return VideoFile(codec: job.output.codec, width: job.output.width, height: job.output.height, digest: digest,
                         byteCount: size, path: output)
    }
}

/// Turns ffmpeg's `-progress` lines into fractions for the caller; fed by the one thread that
/// reads ffmpeg's output.
final class ProgressReader: @unchecked Sendable {
    private var progress: FFmpegProgress
    private let report: @Sendable (Double) -> Void

    init(duration: Double, report: @escaping @Sendable (Double) -> Void) {
        progress = FFmpegProgress(duration: duration)
        self.report = report
    }

    func read(_ line: Substring) {
        if let fraction = progress.read(line) { report(fraction) }
    }
}
