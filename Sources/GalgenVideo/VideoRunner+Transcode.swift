import Foundation
import GalgenCore
import GalgenIO

extension VideoRunner {
    /// One output of `job` into a new file in the scratch folder, hashed; removed again if the
    /// encode fails, times out or is cancelled. The time limit grows with the video's duration
    /// (`VideoQuality.transcodeTimeout`: 60 s + 20 s per second of video).
    func transcode(_ path: String, job: TranscodeJob, progress: @escaping @Sendable (Double) -> Void) async throws -> VideoFile {
        try await transcode(path, jobs: [job], progress: progress)[0]
    }

    /// Every output of `jobs` (one source) in one run that decodes it once
    /// (`FFmpegArguments.transcode(_:outputs:jobs:)`), each into a new file in the scratch folder,
    /// hashed; all removed again if the run fails, times out or is cancelled.
    func transcode(_ path: String, jobs: [TranscodeJob], progress: @escaping @Sendable (Double) -> Void) async throws -> [VideoFile] {
        guard let job = jobs.first else { return [] }
        let outputs = jobs.map { _ in temporaries.make(in: scratch, tag: "video.mp4") }
        var kept = false
        defer {
            for output in outputs {
                if !kept { unlink(output) }
                temporaries.forget(output)
            }
        }
        let reader = ProgressReader(duration: job.details.duration, report: progress)
        let sizes = jobs.map { "\($0.output.width) × \($0.output.height) \($0.output.codec.rawValue)" }.joined(separator: " and ")
        let result = try await run(ProgramRun(executable: paths.ffmpeg,
                                              arguments: FFmpegArguments.transcode(path, outputs: outputs, jobs: jobs),
                                              timeout: VideoQuality.transcodeTimeout(duration: job.details.duration) * Double(jobs.count),
                                              outputLimit: 4096, onLine: { reader.read($0) },
                                              memoryLimit: VideoMemory.transcodeLimit(jobs, setting: job.maxMemory)),
                                   limitFor: "a \(job.details.width) × \(job.details.height) video into \(sizes) with \(job.threads) "
                                       + (job.threads == 1 ? "thread" : "threads"))
        guard result.status == 0 else {
            let error = Self.unreadable(result)
            if case .failed(_, let message) = error { throw VideoToolError.failed(program: "ffmpeg", message: message) }
            throw error
        }
        let files = try zip(jobs, outputs).map { job, output in
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber)?.intValue ?? 0
            guard size > 0, let digest = ContentStore.digest(ofFile: output) else {
                throw VideoToolError.failed(program: "ffmpeg", message: "it wrote no video (\(result.errorSummary))")
            }
            return VideoFile(codec: job.output.codec, width: job.output.width, height: job.output.height, digest: digest,
                             byteCount: size, path: output)
        }
        kept = true
        return files
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
