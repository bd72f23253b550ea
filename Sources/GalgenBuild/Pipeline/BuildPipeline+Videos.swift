import GalgenCore

/// A video through the render stage: its details and poster are kept like a photo's renditions
/// (a record per image format, keyed with the poster's settings and ffmpeg's version), each MP4
/// under its own `VideoKey`, so a no-op build runs no ffmpeg and a new height encodes only itself.
extension BuildPipeline {
    /// The video probed and its poster's missing formats taken from a frame and kept; then its MP4s.
    func make(_ video: VideoToMake, request: RenditionRequest) async -> Result<KeyedImage, ImageFailure> {
        var made = video
        let missing = video.pictures.missing
        var missingRequest = request
        missingRequest.formats = missing
        let peak = Self.posterPeakBytes
        await memory.reserve(peak)
        let inspected = await Self.attempt { try await videoTools.inspect(video.path, missingRequest, video.planned.video) }
        await memory.release(peak)
        var image: RenderedImage
        do {
            image = try inspected.get()
        } catch {
            return .failure(video.planned.failure("\(error)"))
        }
        if let place = VideoLimits.locationWarning(image.location) { image.warnings.append(place) }
        do {
            try made.pictures.keep(image, rendered: missing, in: effects.renditions)
        } catch {
            return .failure(video.planned.failure(error.description))
        }
        return withOutputs(made, request: request, reused: false)
    }

    /// A Motion Photo's still with its motion transcoded beside it (a live item); a motion that
    /// cannot be published is a warning, and the still is shown as it is.
    func withEmbeddedMotion(_ keyed: KeyedImage, _ planned: PlannedSource, request: RenditionRequest) async -> KeyedImage {
        guard let (motion, motionRequest) = Self.motion(of: keyed, planned, request: request) else { return keyed }
        let made: Result<KeyedImage, ImageFailure>
        switch lookUpVideo(motion, path: keyed.sourcePath, sourceDigest: keyed.sourceDigest, request: motionRequest, started: .now) {
        case let .kept(kept): made = .success(kept)
        case let .video(video): made = await make(video, request: motionRequest)
        case let .failed(failure): made = .failure(failure)
        case .photo: made = .failure(motion.failure("it is no video"))
        }
        return Self.attach(made, to: keyed)
    }

    private static func attempt<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// What a probe and a poster frame hold at most (a 4K frame decoded, its renditions).
    static let posterPeakBytes = 256 << 20

    /// Each item's MP4s as they were encoded (`runItems`), put into the item. An item whose MP4
    /// could not be made fails (a Motion Photo's still stays, with a warning).
    func applyTranscodes(_ results: [String: Result<VideoFile, any Error>], to rendered: inout [ImageSource: KeyedImage],
                         plan: BuildPlan) -> [ImageFailure] {
        let pending = rendered.values.flatMap(\.pending)
        guard !pending.isEmpty else { return [] }
        var failures: [ImageFailure] = []
        for source in Set(pending.map(\.source)) {
            guard var keyed = rendered[source] else { continue }
            var failed: String?
            for item in keyed.pending {
                switch results[item.key] {
                case let .success(file)?:
                    _ = keyed.image.media.add(file, isMotion: item.isMotion && keyed.image.media.motion != nil)
                case let .failure(error)?:
                    if item.isMotion, let motion = keyed.image.media.motion {
                        // A Motion Photo's still stays without its motion.
                        keyed.image.media = .photo(embeddedMotion: motion.embedded)
                        keyed.image.warnings.append("its motion (a Motion Photo's video) was left out: \(error)")
                    } else {
                        failed = failed ?? "\(error)"
                    }
                case nil:
                    continue
                }
            }
            keyed.pending = []
            if case var .video(details) = keyed.image.media {
                details.files.sort(by: VideoFile.publishingOrder)
                keyed.image.media = .video(details)
            }
            if let failed, let planned = plan.planned(source) {
                let failure = ImageFailure(source: source.description, location: planned.location, reason: failed)
                failures.append(failure)
                effects.report(.imageFailed(failure, done: plan.sources.count, total: plan.sources.count))
                rendered[source] = nil
            } else {
                rendered[source] = keyed
            }
        }
        return failures
    }

    /// A run's MP4s encoded and kept, or why not (every one of them, when the run failed).
    func transcoded(_ batch: TranscodeBatch) async -> [(key: String, result: Result<VideoFile, any Error>)] {
        let made = await Self.attempt { try await transcode(batch) }
        return batch.items.enumerated().map { index, item in
            (item.key, made.flatMap { files in
                Result { try effects.renditions.keepVideo(item.key, files[index]) }
            })
        }
    }

    /// A run's MP4s encoded, their progress told as it goes (under each MP4's name together).
    private func transcode(_ batch: TranscodeBatch) async throws -> [VideoFile] {
        guard let first = batch.items.first else { return [] }
        let jobs = batch.items.map(\.job)
        let output = jobs.map { VideoLimits.outputName($0.output) }.joined(separator: " + ")
        let source = first.source.description
        let began = ContinuousClock.now
        let effects = effects
        let peak = batch.peak
        await memory.reserve(peak)
        let encoded = await Self.attempt {
            try await videoTools.transcodeTogether(first.path, jobs) { fraction in
                let elapsed = Double((ContinuousClock.now - began).milliseconds) / 1000
                let left = fraction > 0.02 ? elapsed / fraction * (1 - fraction) : nil
                effects.report(.videoProgress(source: source, output: output, fraction: fraction, secondsLeft: left))
            }
        }
        await memory.release(peak)
        let files = try encoded.get()
        guard files.count == jobs.count else {
            throw VideoToolError.failed(program: "ffmpeg", message: "it wrote \(files.count) of \(jobs.count) videos")
        }
        return files
    }
}

/// One MP4 an item still needs, encoded once its item is settled (`runItems`).
struct PendingTranscode: Sendable {
    var source: ImageSource
    var key: String
    var job: TranscodeJob
    /// The file ffmpeg reads: the video, or a Motion Photo's still (`job.embedded`).
    var path: String
    /// A Motion Photo's motion, kept beside its still (`ItemMedia.live`).
    var isMotion: Bool

    /// How much work it is: output pixels × seconds of video (a 4K source decodes slower too).
    /// A copy reads and writes the file, no more: a hundredth of an encode of its size.
    var cost: Double {
        Double(job.output.width * job.output.height + job.details.width * job.details.height) * job.details.duration * (job.copy ? 0.01 : 1)
    }
}

/// The MP4s one ffmpeg run makes (`VideoTools.transcodeTogether`): every encoded MP4 of one
/// source, decoded once for them all; a copy (`TranscodeJob.copy`) runs on its own.
struct TranscodeBatch: Sendable {
    var items: [PendingTranscode]

    var cost: Double { items.reduce(0) { $0 + $1.cost } }
    /// Its first MP4's key: the batches' order among equals.
    var key: String { items.first?.key ?? "" }

    /// What its run holds at most, from the build's memory budget: a few frames of each size, the
    /// lookahead and the encoders' buffers; the source's once (one decode), each further output's
    /// at its own size. Counting the source once per output made a 4K clip's two heights ask for
    /// the whole budget and run alone.
    var peak: Int {
        guard let first = items.first?.job else { return 0 }
        return first.details.width * first.details.height * 4 * 16
            + items.dropFirst().reduce(0) { $0 + $1.job.output.width * $1.job.output.height * 4 * 16 }
    }

    /// `pending` as runs, in the order their first MP4 comes: the encoded MP4s of one file (and
    /// one embedded range) together, each copy alone.
    static func batches(_ pending: [PendingTranscode]) -> [TranscodeBatch] {
        var batches: [TranscodeBatch] = []
        var index: [String: Int] = [:]
        for item in pending {
            guard !item.job.copy else {
                batches.append(TranscodeBatch(items: [item]))
                continue
            }
            let source = "\(item.path)|\(item.job.embedded.map { "\($0)" } ?? "")|\(item.isMotion)"
            if let at = index[source] {
                batches[at].items.append(item)
            } else {
                index[source] = batches.count
                batches.append(TranscodeBatch(items: [item]))
            }
        }
        return batches
    }
}

extension VideoFile {
    /// Best codec first (AV1 before H.264, as `<source>`s are offered), then smallest first.
    static func publishingOrder(_ a: VideoFile, _ b: VideoFile) -> Bool {
        let rank = { (file: VideoFile) in VideoCodec.allCases.firstIndex(of: file.codec) ?? 0 }
        return (rank(a), a.height, a.width) < (rank(b), b.height, b.width)
    }
}
