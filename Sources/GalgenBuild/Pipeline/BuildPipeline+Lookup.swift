import GalgenCore

/// What the cache holds of one item, found without decoding a pixel or running ffmpeg. Every
/// build looks its items up first: a build on one machine then makes what is missing
/// (`runItems`), a merge of shards' caches makes nothing (`mergeItems`).
enum ItemLookup {
    /// All of it is kept, but for a video's MP4s not kept yet (`KeyedImage.pending`).
    case kept(KeyedImage)
    /// A photo some of whose formats the store lacks.
    case photo(PhotoToMake)
    /// A video (or a Motion Photo's motion) whose poster the store lacks: it is probed first.
    case video(VideoToMake)
    case failed(ImageFailure)
}

/// A photo with formats to render: what the store keeps of it, and what is missing.
struct PhotoToMake {
    var pictures: PictureFormats
    var missing: [OutputFormat]
    /// Left for a later build (`BuildPipeline.formatsLater`).
    var later: [OutputFormat]
    var source: SourceDigest
    var path: String
    var started: ContinuousClock.Instant

    func keyed(reused: Bool) -> KeyedImage {
        KeyedImage(keys: pictures.orderedKeys, image: pictures.combined, sourceDigest: source.digest, sourcePath: path, reused: reused,
                   milliseconds: (ContinuousClock.now - started).milliseconds, later: later)
    }
}

/// A video whose poster's formats are kept or to make, with what its MP4s' keys need.
struct VideoToMake {
    var planned: PlannedSource
    var pictures: PictureFormats
    var settings: VideoSettings
    /// ffmpeg's version, part of every key.
    var tool: String
    var sourceDigest: String
    var path: String
    var started: ContinuousClock.Instant
    /// Its poster was taken from the store (`withOutputs`' `reused`).
    var posterReused = false
}

extension BuildPipeline {
    /// The item at `path` (the file, or a download's cached copy): its digest, and what the store keeps of it.
    /// `needsLocation`: see `renderOne`.
    func lookUp(_ planned: PlannedSource, path: String, request: RenditionRequest, needsLocation: Bool) -> ItemLookup {
        let started = ContinuousClock.now
        let source: SourceDigest
        do {
            source = try effects.sourceDigest(path)
        } catch {
            return .failed(planned.failure("cannot read the file: \(error)"))
        }
        if source.kind == .video {
            return lookUpVideo(planned, path: path, sourceDigest: source.digest, request: request, started: started)
        }
        // Each format is kept on its own: only the formats the store lacks are encoded.
        var pictures = PictureFormats(request: request, sourceDigest: source.digest, generator: generator, store: effects.renditions)
        if needsLocation, pictures.kept.values.contains(where: { $0.location == nil || $0.sourceFormat == nil }) { pictures.kept = [:] }
        if pictures.kept.values.contains(where: \.metadata.isOutdated) {
            pictures.kept = rereadMetadata(pictures.kept, keys: pictures.keys, bytes: { try source.bytes ?? effects.readFile(path, .photo) })
        }
        pictures.kept = pictures.kept.filter { $0.value.carriesRights(of: request) }
        let (missing, later) = FormatsLater.split(missing: pictures.missing, of: request.formats, deferring: formatsLater)
        let photo = PhotoToMake(pictures: pictures, missing: missing, later: later, source: source, path: path, started: started)
        return missing.isEmpty ? .kept(photo.keyed(reused: true)) : .photo(photo)
    }

    /// A video's poster and details, each format kept on its own like a photo's (keyed with the
    /// poster's settings and ffmpeg's version), then its MP4s (`withOutputs`).
    func lookUpVideo(_ planned: PlannedSource, path: String, sourceDigest: String, request: RenditionRequest,
                     started: ContinuousClock.Instant) -> ItemLookup {
        let options = planned.video
        let tool: String, posterKey: String
        do {
            tool = try videoTools.version()
            posterKey = try posterSettings(options, tool: tool)
        } catch {
            return .failed(planned.failure("\(error)"))
        }
        let pictures = PictureFormats(request: request, sourceDigest: sourceDigest, generator: generator + posterKey, store: effects.renditions)
        let video = VideoToMake(planned: planned, pictures: pictures, settings: options.isMotion ? request.video.motion : request.video,
                                tool: tool, sourceDigest: sourceDigest, path: path, started: started)
        guard pictures.missing.isEmpty else { return .video(video) }
        switch withOutputs(video, request: request, reused: true) {
        case let .success(keyed): return .kept(keyed)
        case let .failure(failure): return .failed(failure)
        }
    }

    /// A video whose poster and details are kept: its MP4s, each kept or still to encode. The
    /// MP4s not kept are encoded in the item pool (`runItems`), beside the renders, the most work
    /// first, so the jobs stay busy to the end.
    func withOutputs(_ video: VideoToMake, request: RenditionRequest, reused: Bool) -> Result<KeyedImage, ImageFailure> {
        let planned = video.planned
        var image = video.pictures.combined
        if case .photo = image.media, [.gif, .png, .webp].contains(image.sourceFormat) {
            // A still GIF (or a PNG or WebP whose animation ffmpeg finds one frame in): a photo, made from its one frame.
            return .success(KeyedImage(keys: video.pictures.orderedKeys, image: image, sourceDigest: video.sourceDigest, sourcePath: video.path,
                                       reused: reused, milliseconds: (ContinuousClock.now - video.started).milliseconds))
        }
        guard case .video(var details) = image.media else { return .failure(planned.failure("ffprobe found no video in it")) }
        if let refusal = VideoLimits.refusal(details, settings: video.settings, maxPixels: request.maxPixels) {
            return .failure(planned.failure(refusal))
        }
        var videoKeys: [String] = []
        var pending: [PendingTranscode] = []
        for output in VideoOutputPlan.outputs(for: details, settings: video.settings) {
            var job = TranscodeJob(details: details, output: output, quality: video.settings.quality,
                                   audio: video.settings.audio && details.hasAudio, threads: max(1, cores / jobs))
            job.embedded = planned.video.embedded
            job.maxMemory = video.settings.maxMemory
            job.copy = VideoOutputPlan.copies(output, of: details, settings: video.settings, audio: job.audio)
            let key = VideoKey.make(sourceDigest: video.sourceDigest, job: job, tool: video.tool)
            videoKeys.append(key)
            if let file = effects.renditions.lookupVideo(key) {
                details.files.append(file)
            } else {
                pending.append(PendingTranscode(source: planned.source, key: key, job: job, path: video.path,
                                                isMotion: planned.video.isMotion))
            }
        }
        image.media = .video(details)
        var keyed = KeyedImage(keys: video.pictures.orderedKeys + videoKeys, image: image, sourceDigest: video.sourceDigest,
                               sourcePath: video.path, reused: reused && pending.isEmpty,
                               milliseconds: (ContinuousClock.now - video.started).milliseconds)
        keyed.pending = pending
        keyed.video = video
        keyed.video?.posterReused = reused
        return .success(keyed)
    }

    /// A Motion Photo's motion as an item of its own: the still's file, the embedded range, and
    /// a request for a poster that is never shown (the smallest rendition of one format).
    static func motion(of keyed: KeyedImage, _ planned: PlannedSource, request: RenditionRequest) -> (PlannedSource, RenditionRequest)? {
        guard request.video.livePhotos, case let .photo(range?) = keyed.image.media else { return nil }
        var motion = planned
        motion.video = VideoItemOptions(isMotion: true)
        motion.video.embedded = range
        var motionRequest = request
        motionRequest.formats = [OutputFormat.fallback(of: request.formats)]
        motionRequest.widths = [request.widths.min() ?? 320]
        return (motion, motionRequest)
    }

    /// The still with its motion beside it (a live item, `ItemMedia.live`), or with a warning when the motion
    /// cannot be published (the still is shown as it is).
    static func attach(_ motion: Result<KeyedImage, ImageFailure>, to still: KeyedImage) -> KeyedImage {
        var result = still
        switch motion {
        case let .success(motion):
            if let details = motion.image.media.video, let range = still.image.media.embeddedMotion {
                result.image.media = .live(LiveMotion(details: details, origin: .embedded(range)))
            }
            result.keys += motion.keys
            result.reused = result.reused && motion.reused
            result.pending += motion.pending
        case let .failure(failure):
            result.image.warnings.append("its motion (a Motion Photo's video) was left out: \(failure.reason)")
        }
        return result
    }

    /// The part of the poster's key that a photo's does not have: where the poster comes from,
    /// and ffmpeg's version.
    private func posterSettings(_ options: VideoItemOptions, tool: String) throws -> String {
        let posterFile = try options.posterFile.map { try effects.sourceDigest($0).digest } ?? ""
        // "flat": frames with alpha are composited onto the page's background (`VideoDetails.alpha`,
        // kept with the poster): a poster kept from before, whatever chose its frame, is made again.
        return "|video=\(VideoKey.encoderVersion)|poster=\(options.posterTime.map { "\($0)" } ?? PosterChoice.version)|posterFile=\(posterFile)"
            + "|motion=\(options.isMotion)|tool=\(tool)|flat"
    }

    /// A kept rendering whose metadata an older reader read (before tags, say) gets it read again
    /// from the file and kept so: a JPEG's segments are read without decoding a pixel, so a cache
    /// from before is not rendered again. A format whose metadata needs a render (or a file that
    /// cannot be read) gives nothing kept: it is rendered.
    private func rereadMetadata(_ kept: [OutputFormat: RenderedImage], keys: [OutputFormat: String],
                                bytes: () throws -> [UInt8]) -> [OutputFormat: RenderedImage] {
        guard let source = try? bytes(), let read = renderer.readMetadata(source) else { return [:] }
        var refreshed = kept
        for (format, image) in kept {
            var image = image
            image.metadata = read.metadata
            image.facts = read.facts
            image.coordinates = read.coordinates
            refreshed[format] = keys[format].flatMap { try? effects.renditions.keep($0, image) } ?? image
        }
        return refreshed
    }
}

extension PlannedSource {
    /// This item failed, and why.
    func failure(_ reason: String) -> ImageFailure {
        ImageFailure(source: source.description, location: location, reason: reason)
    }

    /// Where its bytes are on this machine: the file itself, or a download's cached copy.
    func localPath(_ fetched: [String: Result<FetchedSource, FetchProblem>]) -> String? {
        switch source {
        case let .local(_, resolved): resolved
        case let .remote(url): if case let .success(cached) = fetched[url] { cached.path } else { nil }
        }
    }

    /// Why it has no bytes here: its download failed (`localPath` is nil).
    func downloadFailure(_ fetched: [String: Result<FetchedSource, FetchProblem>]) -> ImageFailure {
        var problem = FetchProblem.connection("it was not downloaded")
        if case let .remote(url) = source, case let .failure(failed) = fetched[url] { problem = failed }
        return failure("download failed: \(problem)")
    }
}
