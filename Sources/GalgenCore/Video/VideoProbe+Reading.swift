/// What a probed video gives the rest of galgen: its checks, its upright details, its words and
/// date, its device, and whether it records a place. Pure; `LiveVideoTools.inspect` calls these.
extension VideoProbe {
    /// The video stream a player shows, once the file is known to be one galgen can publish;
    /// otherwise `VideoToolError.unusable` saying why.
    public func checked(maxDuration: Double = VideoSettings.defaultMaxDuration,
                        maxPixels: Int = RenditionRequest.defaultMaxPixels,
                        pixelsKey: String = "max_pixels") throws(VideoToolError) -> Stream {
        guard let video else {
            throw .unusable(hasAudio ? "it has no video stream (an audio-only file?)" : "it has no video stream")
        }
        guard let codec = video.codec else {
            let tag = video.codecTag.map { " (\($0))" } ?? ""
            throw .unusable("its video stream is in a codec\(tag) the installed ffmpeg cannot decode")
        }
        guard let width = video.width, let height = video.height else {
            throw .unusable("its video stream (\(codec)) has no frame size: the file may be truncated")
        }
        // A still GIF or PNG may say no duration: it has none.
        guard let duration = duration ?? (isStill ? 0 : nil), duration > 0 || isStill else {
            throw .unusable("it has no duration (a truncated file, or a single frame?)")
        }
        guard duration <= maxDuration else {
            throw .unusable(VideoLimits.tooLong(duration, limit: maxDuration))
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= maxPixels, height <= maxPixels else {
            throw .unusable(VideoLimits.tooLarge(width: width, height: height, key: pixelsKey, limit: maxPixels))
        }
        return video
    }

    /// The details a page and a transcode need: the upright size (a quarter turn swaps width and
    /// height), the HDR transfer, the sound. Checks first (`checked`).
    public func details(isMotion: Bool = false, maxDuration: Double = VideoSettings.defaultMaxDuration,
                        maxPixels: Int = RenditionRequest.defaultMaxPixels, pixelsKey: String = "max_pixels") throws(VideoToolError) -> VideoDetails {
        let video = try checked(maxDuration: maxDuration, maxPixels: maxPixels, pixelsKey: pixelsKey)
        let (width, height) = (video.width ?? 0, video.height ?? 0)
        let sideways = video.isQuarterTurn
        return VideoDetails(duration: duration ?? 0, width: sideways ? height : width, height: sideways ? width : height,
                            frameRate: video.frameRate, codec: video.codec ?? "", hasAudio: hasAudio, hdr: video.hdr,
                            isMotion: isMotion, matrix: VideoMatrix(colorSpace: video.colorSpace, codedHeight: min(width, height)),
                            webReady: webReady, animation: isPicture && !isStill, alpha: video.hasAlpha)
    }

    /// Which of its streams an MP4 may carry as they are (`VideoDetails.WebReady`): video that
    /// is H.264 up to High, 8-bit 4:2:0, SDR BT.709 (tagged, or untagged from 720 lines up, as
    /// players take it), in an MP4, QuickTime or 3GP file; sound that is AAC-LC, or none.
    public var webReady: VideoDetails.WebReady {
        var ready = VideoDetails.WebReady()
        if let video, video.codec == "h264", Self.webProfiles.contains(video.profile ?? ""), video.pixelFormat == "yuv420p",
           video.hdr == nil, VideoMatrix(colorSpace: video.colorSpace, codedHeight: min(video.width ?? 0, video.height ?? 0)) == .bt709,
           isFormat("mp4") {
            ready.video = true
        }
        let sound = streams.first { $0.type == "audio" }
        ready.audio = sound == nil || (sound?.codec == "aac" && sound?.profile == "LC")
        return ready
    }

    /// The H.264 profiles every browser decodes.
    static let webProfiles: Set<String> = ["Constrained Baseline", "Baseline", "Main", "High"]

    /// Its date and words: the QuickTime creation date with its zone, else the container's (or
    /// the video stream's) `creation_time` (UTC); the title; the description or comment as caption.
    public var metadata: PhotoMetadata {
        let captured = tag("com.apple.quicktime.creationdate").flatMap(VideoDate.parse)
            ?? tag("creation_time").flatMap(VideoDate.parse) ?? streamCreationTime.flatMap(VideoDate.parse)
        let caption = tag("com.apple.quicktime.description") ?? tag("description") ?? tag("comment") ?? tag("synopsis")
        return PhotoMetadata(captured: captured,
                             words: EmbeddedWords(title: tag("com.apple.quicktime.title") ?? tag("title"), caption: caption))
    }

    /// The device (QuickTime's make and model, or Android's), and the local time it recorded.
    public var facts: PhotoFacts {
        let localTime = tag("com.apple.quicktime.creationdate").flatMap { VideoDate.parse($0) != nil ? String($0.prefix(19)) : nil }
        var facts = PhotoFacts(takenAt: localTime,
                               make: tag("com.apple.quicktime.make") ?? tag("make") ?? tag("com.android.manufacturer"),
                               model: tag("com.apple.quicktime.model") ?? tag("model") ?? tag("com.android.model"))
        facts.contentIdentifier = tag("com.apple.quicktime.content.identifier")
        return facts
    }

    /// Whether the container records where it was filmed (ISO 6709 coordinates under any of the
    /// names ffprobe gives them): found, the original is never published and the place never shown.
    public var location: LocationCheck {
        let names = tags.keys.sorted().filter { key in
            Self.locationWords.contains { key.contains($0) } && tags[key].flatMap(PhotoFacts.clean) != nil
        }
        guard let first = names.first else { return .none }
        return .found("a location (\(first)) in the video's metadata")
    }

    static let locationWords = ["location", "iso6709", "xyz", "gps", "coordinates"]

    /// Where it was filmed, for the build only (`RenderedImage.coordinates`, `places:`): the first
    /// ISO 6709 position among the tags `location` looks at, Apple's own first.
    public var coordinates: GeoCoordinates? {
        let names = ["com.apple.quicktime.location.ISO6709", "location"] + tags.keys.sorted().filter { key in
            Self.locationWords.contains { key.contains($0) }
        }
        return names.lazy.compactMap { self.tags[$0].flatMap(ISO6709.coordinates) }.first
    }

    /// A tag's text, cleaned; nil when absent or blank.
    func tag(_ name: String) -> String? { tags[name].flatMap(PhotoFacts.clean) }
}

extension VideoProbe.Stream {
    /// A quarter or three-quarter turn: the player shows it with width and height swapped.
    public var isQuarterTurn: Bool { abs(rotation % 180) == 90 }

    /// RGB or gray pixels that may have alpha (ffmpeg gives every GIF as `bgra`; an APNG is
    /// `rgba`, or `pal8` whose palette may hold transparency): an MP4 has no alpha, so they are
    /// composited onto the page's background first (`VideoFilters.flatten`; an opaque frame comes
    /// out as it went in). A YUV source with alpha (`yuva…`) keeps the old behaviour, alpha dropped.
    public var hasAlpha: Bool {
        guard let format = pixelFormat else { return false }
        return ["rgba", "bgra", "argb", "abgr", "ya8", "ya16", "gbrap", "pal8"].contains { format.hasPrefix($0) }
    }

    /// HDR from the transfer, or from a Dolby Vision record whose base layer is HLG.
    public var hdr: VideoHDR? {
        switch colorTransfer {
        case "smpte2084": .pq
        case "arib-std-b67": .hlg
        default: dolbyVisionHLG ? .hlg : nil
        }
    }
}
