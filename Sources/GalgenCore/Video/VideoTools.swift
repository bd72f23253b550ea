/// The video effects the pipeline is given (ffprobe and ffmpeg, run as programs by GalgenVideo),
/// so the core stays free of processes. Every call fails on its own item: a missing ffmpeg
/// fails each video (`VideoToolError.notInstalled`), never the build.
public struct VideoTools: Sendable {
    /// ffmpeg's version ("ffmpeg 5.1.6-0+deb12u1"), part of every video's cache keys: a new
    /// ffmpeg encodes again. Asked only when a build has a video to render.
    public var version: @Sendable () throws -> String
    /// Reads the video at `path` (ffprobe), checks it, picks its poster frame (`options`) and
    /// renders the poster through the photo pipeline with `request`: a `RenderedImage` whose
    /// renditions are the poster's, `video` its details (no files yet), `metadata` its date and
    /// words, `location` whether it records a place, `sourceFormat` the container.
    public var inspect: @Sendable (_ path: String, _ request: RenditionRequest, _ options: VideoItemOptions) async throws -> RenderedImage
    /// Encodes one output of the video at `path` into a complete temporary file (removed by the
    /// caller once kept), reporting progress from 0 to 1.
    public var transcode: @Sendable (_ path: String, _ job: TranscodeJob,
                                     _ progress: @escaping @Sendable (Double) -> Void) async throws -> VideoFile

    /// Encodes several outputs of the video at `path` in one run that decodes it once (ffmpeg's
    /// `split`): a file per job, in order, or the run's one error.
    public var transcodeTogether: @Sendable (_ path: String, _ jobs: [TranscodeJob],
                                             _ progress: @escaping @Sendable (Double) -> Void) async throws -> [VideoFile]

    /// `transcodeTogether` nil runs each job on its own (`transcode`).
    public init(version: @escaping @Sendable () throws -> String,
                inspect: @escaping @Sendable (String, RenditionRequest, VideoItemOptions) async throws -> RenderedImage,
                transcode: @escaping @Sendable (String, TranscodeJob, @escaping @Sendable (Double) -> Void) async throws -> VideoFile,
                transcodeTogether: (@Sendable (String, [TranscodeJob], @escaping @Sendable (Double) -> Void) async throws -> [VideoFile])? = nil) {
        self.version = version
        self.inspect = inspect
        self.transcode = transcode
        self.transcodeTogether = transcodeTogether ?? { path, jobs, progress in
            var files: [VideoFile] = []
            for (index, job) in jobs.enumerated() {
                files.append(try await transcode(path, job) { progress((Double(index) + $0) / Double(jobs.count)) })
            }
            return files
        }
    }

    /// No ffmpeg: every video fails with the words that say how to install it.
    public static let missing = VideoTools(
        version: { throw VideoToolError.notInstalled },
        inspect: { _, _, _ in throw VideoToolError.notInstalled },
        transcode: { _, _, _ in throw VideoToolError.notInstalled })
}

/// Per item: where the poster comes from.
public struct VideoItemOptions: Equatable, Sendable {
    /// `poster: 12.5` in the item's settings: the frame at that second.
    public var posterTime: Double?
    /// A sidecar image beside the video (`IMG_1.MOV.jpg`), used as the poster as it is.
    public var posterFile: String?
    /// A Live Photo's or Motion Photo's motion: no poster of its own is published.
    public var isMotion: Bool
    /// A Motion Photo's MP4: these bytes of the still's file (`MotionPhoto.embeddedVideo`).
    public var embedded: Range<Int>? = nil

    public init(posterTime: Double? = nil, posterFile: String? = nil, isMotion: Bool = false) {
        self.posterTime = posterTime
        self.posterFile = posterFile
        self.isMotion = isMotion
    }
}

/// One MP4 to make: which codec, at which upright size (even numbers, never above the source's).
public struct VideoOutput: Equatable, Hashable, Sendable {
    public var codec: VideoCodec
    public var width: Int
    public var height: Int

    public init(codec: VideoCodec, width: Int, height: Int) {
        self.codec = codec
        self.width = width
        self.height = height
    }
}

/// Everything one transcode needs: the source's details (its rotation is applied by ffmpeg's
/// autorotate; its HDR is tone-mapped), the output, and the settings that shape it.
public struct TranscodeJob: Equatable, Sendable {
    public var details: VideoDetails
    public var output: VideoOutput
    public var quality: Int
    public var audio: Bool
    /// Encoder threads: the build's cores shared among its jobs (at least 1). Fixed per build, so
    /// the bytes do not depend on which job ran it.
    public var threads: Int
    /// A Motion Photo's MP4: these bytes of the file given (`VideoItemOptions.embedded`).
    public var embedded: Range<Int>? = nil
    /// `video.max_memory` (megabytes), or nil for `VideoMemory.transcodeLimit`'s own; not part
    /// of the output's key (it changes no byte, only whether the run may finish).
    public var maxMemory: Int? = nil
    /// The source's streams are copied, not encoded (`VideoOutputPlan.copies`): `quality` and
    /// `threads` change nothing.
    public var copy = false

    public init(details: VideoDetails, output: VideoOutput, quality: Int, audio: Bool, threads: Int) {
        self.details = details
        self.output = output
        self.quality = quality
        self.audio = audio
        self.threads = threads
    }
}

public enum VideoToolError: Error, Equatable, CustomStringConvertible {
    case notInstalled
    /// The program ran and failed: what it said, shortened.
    case failed(program: String, message: String)
    case timedOut(program: String, seconds: Double)
    /// The file is not a video galgen can publish (no video stream, a codec ffmpeg cannot decode, too long).
    case unusable(String)

    public var description: String {
        switch self {
        case .notInstalled: "ffmpeg is not installed (apt-get install ffmpeg, brew install ffmpeg)"
        case let .failed(program, message): "\(program) failed: \(message)"
        case let .timedOut(program, seconds): "\(program) took longer than \(Int(seconds)) seconds and was stopped"
        case let .unusable(reason): reason
        }
    }
}
