import GalgenCore

/// One row of an item's details panel: what (its label, in the site's language) and the value.
public struct DetailViewModel: ViewModel, Equatable, Sendable {
    public var label: String
    public var value: String

    public static let fields: ViewModelFields<Self> = [
        .init("label") { $0.label },
        .init("value") { $0.value },
    ]
}

/// What a photo page's details panel lists, and a video page's line: the camera's facts as a
/// photographer reads them, in the site's language, only the parts `details:` shows
/// (`DetailGroup`). Never a place, never a coordinate: the facts hold none.
enum PhotoDetails {
    /// The panel's rows for a photo of `width` × `height` pixels (upright), in the panel's order.
    static func rows(_ facts: PhotoFacts, width: Int, height: Int, groups: Set<DetailGroup>, labels: Labels) -> [DetailViewModel] {
        var rows: [DetailViewModel] = []
        func add(_ group: DetailGroup, _ key: String, _ value: String?) {
            guard groups.contains(group), let value, !value.isEmpty else { return }
            rows.append(DetailViewModel(label: labels[key], value: value))
        }
        add(.camera, "detailCamera", facts.cameraText)
        add(.lens, "detailLens", facts.lensText)
        add(.lens, "detailFocalLength", focalLength(facts, labels))
        add(.exposure, "detailAperture", facts.apertureText.map(labels.decimals))
        add(.exposure, "detailShutter", facts.exposureText.map(labels.decimals))
        add(.exposure, "detailISO", facts.iso.flatMap { $0 > 0 ? String($0) : nil })
        add(.exposure, "detailExposureCompensation", facts.exposureBiasText.map(labels.decimals))
        add(.exposure, "detailFlash", facts.flashFired == true ? labels["detailFlashFired"] : nil)
        add(.time, "detailTaken", taken(facts, labels))
        add(.size, "detailSize", width > 0 && height > 0 ? "\(width) × \(height)" : nil)
        return rows
    }

    /// "55 mm (82 mm in 35 mm)", or the focal length alone.
    static func focalLength(_ facts: PhotoFacts, _ labels: Labels) -> String? {
        guard let length = facts.focalLengthText.map(labels.decimals) else { return nil }
        guard let equivalent = facts.focalLength35mmText.map(labels.decimals) else { return length }
        return labels.text("detailFocalEquivalent", ["length": length, "equivalent": equivalent])
    }

    /// The camera's clock as the language writes it, with its zone when the camera recorded one:
    /// "4. Mai 2019, 12:30 (UTC+02:00)". Never turned into the visitor's or the build machine's zone.
    static func taken(_ facts: PhotoFacts, _ labels: Labels) -> String? {
        guard let date = facts.takenAt.flatMap(labels.date) else { return nil }
        return facts.zoneText.map { "\(date) (\($0))" } ?? date
    }

    /// "0:42 · 1920 × 1080 · 30 fps · H.264 · HDR · 2023-07-14 18:32 · Apple iPhone 14": a video's
    /// line under its caption, the parts `details:` shows; nil when none is left.
    static func videoLine(_ details: VideoDetails, facts: PhotoFacts, width: Int, height: Int, groups: Set<DetailGroup>,
                          labels: Labels) -> String? {
        var parts: [String?] = []
        if groups.contains(.time) { parts.append(details.durationText) }
        if groups.contains(.size), width > 0, height > 0 { parts.append("\(width) × \(height)") }
        if groups.contains(.exposure) {
            parts += [details.frameRate.flatMap(frameRate).map(labels.decimals), codecName(details.codec), details.hdr.map { _ in "HDR" }]
        }
        if groups.contains(.time) { parts.append(taken(facts, labels)) }
        if groups.contains(.camera) { parts.append(facts.cameraText) }
        let shown = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return shown.isEmpty ? nil : shown.joined(separator: " · ")
    }

    /// "30 fps", "29.97 fps", "23.98 fps"; nil for no rate or a nonsense one.
    static func frameRate(_ rate: Double) -> String? {
        guard rate.isFinite, rate > 0, rate < 10_000 else { return nil }
        let hundredths = Int((rate * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        let digits = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
        return "\(whole)\(digits) fps"
    }

    /// A codec as people name it, from ffprobe's `codec_name`.
    static func codecName(_ codec: String) -> String? {
        let names = ["h264": "H.264", "hevc": "HEVC", "av1": "AV1", "vp9": "VP9", "vp8": "VP8", "mpeg4": "MPEG-4 Part 2",
                     "mjpeg": "Motion JPEG", "prores": "ProRes", "mpeg2video": "MPEG-2", "h263": "H.263", "dnxhd": "DNxHD",
                     "gif": "GIF", "apng": "APNG", "webp": "WebP"]
        let trimmed = codec.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : names[trimmed.lowercased()] ?? trimmed.uppercased()
    }
}
