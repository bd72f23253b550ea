import Foundation

extension ConfigReader {
    static let watermarkKeys = ["image", "position", "opacity", "width", "min_width", "margin"]

    /// `watermark: {image, position, opacity, width, min_width, margin}`, or `watermark: false`
    /// (no mark here). `true` is refused: a mark needs its image.
    mutating func readWatermark(_ field: Field?) -> WatermarkSettings {
        guard let field, !field.value.isNull else { return WatermarkSettings() }
        if case .scalar = field.value {
            if Self.boolean(field) == false { return .none }
            fail(.wrongType(key: "watermark", expected: "false, or a block with image: (a PNG or SVG) and the mark's settings"),
                 at: field.value)
            return WatermarkSettings()
        }
        guard let fields = mapping(field.value, context: "watermark", allowed: Self.watermarkKeys) else { return WatermarkSettings() }
        var settings = WatermarkSettings()
        if let image = string(fields["image"], key: "image")?.trimmingCharacters(in: .whitespaces) {
            let lowered = image.lowercased()
            if image.isEmpty || !(lowered.hasSuffix(".png") || lowered.hasSuffix(".svg")) {
                fail(.wrongType(key: "image", expected: "the path of a .png (with alpha) or .svg file, relative to gallery.yml"),
                     at: fields["image"]?.value)
            } else {
                settings.image = image
            }
        }
        settings.position = choice(fields["position"], key: "position", as: WatermarkPosition.self)
        settings.opacity = fraction(fields["opacity"], key: "opacity", allowsZero: false)
        settings.width = fraction(fields["width"], key: "width", allowsZero: false)
        settings.minWidth = int(fields["min_width"], key: "min_width", range: 0...100_000)
        settings.margin = fraction(fields["margin"], key: "margin", allowsZero: true, upTo: 0.5)
        return settings
    }

    /// A number from 0 (or just above it) to `upTo`: `opacity: 0.5`, `width: 0.25`.
    mutating func fraction(_ field: Field?, key: String, allowsZero: Bool, upTo limit: Double = 1) -> Double? {
        guard let field, !field.value.isNull else { return nil }
        guard case let .scalar(scalar) = field.value, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            fail(.wrongType(key: key, expected: "a number such as 0.25"), at: field.value)
            return nil
        }
        guard allowsZero ? value >= 0 : value > 0, value <= limit else {
            fail(.outOfRange(key: key, value: scalar.string, range: allowsZero ? "between 0 and \(limit)" : "above 0, up to \(limit)"),
                 at: field.value)
            return nil
        }
        return value
    }
}
