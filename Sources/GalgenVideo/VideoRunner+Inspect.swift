import Foundation
import GalgenCore
import GalgenImage

extension VideoRunner {
    /// Probe, check, poster through the photo pipeline; the result carries the video's details,
    /// its date, words and device, whether it records a place, and its container's format.
    func inspect(_ path: String, request: RenditionRequest, options: VideoItemOptions) async throws -> RenderedImage {
        // The smaller of video.max_pixels (8K by default) and thumbnails.max_pixels, from the
        // probe's header read: no frame is decoded before it is checked.
        let videoCapped = request.video.maxPixels <= request.maxPixels
        let maxPixels = videoCapped ? request.video.maxPixels : request.maxPixels
        let probe = try await probe(path, memoryLimit: VideoMemory.probeLimit(maxPixels: maxPixels, setting: request.video.maxMemory))
        let details = try probe.details(isMotion: options.isMotion, maxDuration: request.video.maxDuration,
                                        maxPixels: maxPixels,
                                        pixelsKey: videoCapped ? "video.max_pixels" : "thumbnails.max_pixels")
        let poster = try await posterBytes(path, details: details, options: options, maxMemory: request.video.maxMemory)
        var rendered: RenderedImage
        do {
            rendered = try PhotoRenderer.make().render(poster, request)
        } catch where options.posterFile != nil {
            throw VideoToolError.unusable("its poster \(options.posterFile ?? "") could not be read: \(error)")
        }
        let metadata = probe.metadata
        // A GIF of one frame is a photo: its poster is all there is.
        rendered.media = probe.isStill ? .photo() : .video(details)
        rendered.metadata = PhotoMetadata(
            captured: metadata.captured ?? rendered.metadata.captured,
            words: PhotoText(title: metadata.words.title ?? rendered.metadata.words.title,
                             caption: metadata.words.caption ?? rendered.metadata.words.caption,
                             alt: rendered.metadata.words.alt))
        rendered.facts = probe.facts
        rendered.location = probe.location
        rendered.coordinates = probe.coordinates
        return rendered
    }

    /// The file's format told from its first bytes: a video's container, or an animated PNG or
    /// WebP (ffmpeg reads the WebP's frames from an APNG: `AnimationSource`).
    static func containerFormat(_ path: String) -> ImageFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: ImageFormat.signatureLength)).map { Array($0) } ?? []
        return ImageFormat(signature: head)
    }

    /// The sidecar's bytes, or one upright, tone-mapped frame as a PNG: at `posterTime`, else the
    /// most detailed key frame of the clip's first part that is not near-uniform (`PosterChoice`),
    /// else the first frame that is not, else (a clip uniform throughout) its first frame.
    func posterBytes(_ path: String, details: VideoDetails, options: VideoItemOptions, maxMemory: Int? = nil) async throws -> [UInt8] {
        if let file = options.posterFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw VideoToolError.unusable("its poster \(file) cannot be read")
            }
            return Array(data)
        }
        if let time = options.posterTime {
            if let frame = try await frame(path, details: details, time: time, skipUniform: false, maxMemory: maxMemory) { return frame }
            throw VideoToolError.unusable("ffmpeg found no frame to show as its poster at \(time) seconds (poster: is past its end?)")
        }
        if let chosen = try await posterTime(path, details: details, maxMemory: maxMemory),
           let frame = try await frame(path, details: details, time: chosen, skipUniform: false, maxMemory: maxMemory) {
            return frame
        }
        for skipUniform in [true, false] {
            if let frame = try await frame(path, details: details, time: nil, skipUniform: skipUniform, maxMemory: maxMemory) { return frame }
        }
        throw VideoToolError.unusable("ffmpeg found no frame to show as its poster")
    }

    /// The time of the key frame `PosterChoice` picks, a millisecond early so that the seek
    /// lands on it; nil when no key frame will do (or ffmpeg could not measure them).
    func posterTime(_ path: String, details: VideoDetails, maxMemory: Int?) async throws -> Double? {
        let arguments = FFmpegArguments.posterCandidates(path, details: details)
        let result = try await run(ProgramRun(executable: paths.ffmpeg, arguments: arguments, timeout: VideoSettings.defaultProbeTimeout,
                                              outputLimit: 1 << 20, memoryLimit: Self.posterLimit(details, maxMemory)),
                                   limitFor: "a poster of a \(details.width) × \(details.height) video")
        guard result.status == 0 else { return nil }
        return PosterChoice.best(PosterChoice.candidates(fromPrintout: String(decoding: result.output, as: UTF8.self)))
            .map { max(0, $0.time - 0.001) }
    }

    /// What a poster's runs (measuring its key frames, taking one) may map.
    static func posterLimit(_ details: VideoDetails, _ setting: Int?) -> Int {
        VideoMemory.posterLimit(width: details.width, height: details.height, cores: ProcessInfo.processInfo.activeProcessorCount,
                                setting: setting)
    }

    private func frame(_ path: String, details: VideoDetails, time: Double?, skipUniform: Bool, maxMemory: Int?) async throws -> [UInt8]? {
        let output = temporaries.make(in: scratch, tag: "poster.png")
        defer {
            unlink(output)
            temporaries.forget(output)
        }
        let arguments = FFmpegArguments.poster(path, output: output, details: details, time: time, skipUniform: skipUniform)
        let limit = Self.posterLimit(details, maxMemory)
        let result = try await run(ProgramRun(executable: paths.ffmpeg, arguments: arguments,
                                              timeout: VideoSettings.defaultProbeTimeout, memoryLimit: limit),
                                   limitFor: "a poster of a \(details.width) × \(details.height) video")
        guard result.status == 0 else {
            let error = Self.unreadable(result)
            if case .failed(_, let message) = error { throw VideoToolError.failed(program: "ffmpeg", message: message) }
            throw error
        }
        guard let data = FileManager.default.contents(atPath: output), !data.isEmpty else { return nil }
        return Array(data)
    }
}
