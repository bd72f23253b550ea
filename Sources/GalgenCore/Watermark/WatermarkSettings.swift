/// `watermark:` in gallery.yml, for the site, an album or a photo: a mark laid over the larger
/// renditions. Each field of the nearest level that gives it wins (a photo's over its album's
/// over the site's); `watermark: false` leaves the mark out there (and below, unless a photo
/// gives its own). Read by the config stage; `Watermark` is what a rendition gets.
public struct WatermarkSettings: Equatable, Sendable {
    /// The mark: a PNG (its alpha is kept) or an SVG, as written in gallery.yml (relative to it).
    public var image: String?
    public var position: WatermarkPosition?
    /// How opaque the mark is, 0 to 1.
    public var opacity: Double?
    /// The mark's width as a fraction of the rendition's width.
    public var width: Double?
    /// Renditions narrower than this (in pixels) get no mark.
    public var minWidth: Int?
    /// The space between the mark and the edges, as a fraction of the rendition's width.
    public var margin: Double?
    /// `watermark: false`.
    public var off = false

    public static let defaultPosition = WatermarkPosition.bottomRight
    public static let defaultOpacity = 0.5
    public static let defaultWidth = 0.2
    public static let defaultMinWidth = 800
    public static let defaultMargin = 0.02

    public init(image: String? = nil, position: WatermarkPosition? = nil, opacity: Double? = nil, width: Double? = nil,
                minWidth: Int? = nil, margin: Double? = nil, off: Bool = false) {
        self.image = image
        self.position = position
        self.opacity = opacity
        self.width = width
        self.minWidth = minWidth
        self.margin = margin
        self.off = off
    }

    /// `watermark: false`.
    public static let none = WatermarkSettings(off: true)

    /// These fields over `base`'s: each one given here wins; `false` here is no mark, whatever
    /// `base` says. A level that says nothing is `WatermarkSettings()`.
    public func over(_ base: WatermarkSettings) -> WatermarkSettings {
        if off { return self }
        if self == WatermarkSettings() { return base }
        return WatermarkSettings(image: image ?? base.image, position: position ?? base.position, opacity: opacity ?? base.opacity,
                                 width: width ?? base.width, minWidth: minWidth ?? base.minWidth, margin: margin ?? base.margin)
    }

    /// The mark a rendition gets with these settings and the image loaded from `image`; nil when
    /// there is none (off, or no image).
    public func resolved(_ images: [String: WatermarkImage]) -> Watermark? {
        guard !off, let image, let loaded = images[image] else { return nil }
        return Watermark(image: loaded, position: position ?? Self.defaultPosition, opacity: opacity ?? Self.defaultOpacity,
                         width: width ?? Self.defaultWidth, minWidth: minWidth ?? Self.defaultMinWidth, margin: margin ?? Self.defaultMargin)
    }
}

/// Where the mark sits: a corner, the middle of an edge, or the centre.
public enum WatermarkPosition: String, Equatable, Sendable, CaseIterable {
    case topLeft = "top-left", top, topRight = "top-right"
    case left, center, right
    case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"

    /// The mark's top-left corner for a mark of `mark` size in a picture of `picture` size, `margin` pixels from the edges.
    public func origin(mark: (width: Int, height: Int), picture: (width: Int, height: Int), margin: Int) -> (x: Int, y: Int) {
        let column = [.topLeft, .left, .bottomLeft].contains(self) ? 0 : [.top, .center, .bottom].contains(self) ? 1 : 2
        let row = [.topLeft, .top, .topRight].contains(self) ? 0 : [.left, .center, .right].contains(self) ? 1 : 2
        func place(_ slot: Int, _ size: Int, _ whole: Int) -> Int {
            switch slot {
            case 0: min(margin, max(0, whole - size))
            case 1: max(0, (whole - size) / 2)
            default: max(0, whole - size - margin)
            }
        }
        return (place(column, mark.width, picture.width), place(row, mark.height, picture.height))
    }
}

/// A mark's pixels as a PNG (an SVG is drawn into one when it is loaded), and the SHA-256 of the
/// file it came from: part of every marked rendition's key, so a changed mark re-renders.
public struct WatermarkImage: Equatable, Sendable {
    public var png: [UInt8]
    public var digest: String

    public init(png: [UInt8], digest: String) {
        self.png = png
        self.digest = digest
    }

    /// The most pixels a mark may have on a side: it is resampled for every marked rendition
    /// (a fifth of a 1920 px one is 384 px), so a larger file only costs time.
    public static let maxSide = 4096

    /// The PNG's width and height from its header; nil when it has none.
    public static func size(ofPNG png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              png[12 ..< 16].elementsEqual("IHDR".utf8) else { return nil }
        let number = { (at: Int) in png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}

/// What one item's renditions are marked with (`RenditionRequest.watermark`).
public struct Watermark: Equatable, Sendable {
    public var image: WatermarkImage
    public var position: WatermarkPosition
    public var opacity: Double
    public var width: Double
    public var minWidth: Int
    public var margin: Double

    public init(image: WatermarkImage, position: WatermarkPosition = WatermarkSettings.defaultPosition,
                opacity: Double = WatermarkSettings.defaultOpacity, width: Double = WatermarkSettings.defaultWidth,
                minWidth: Int = WatermarkSettings.defaultMinWidth, margin: Double = WatermarkSettings.defaultMargin) {
        self.image = image
        self.position = position
        self.opacity = opacity
        self.width = width
        self.minWidth = minWidth
        self.margin = margin
    }

    /// Whether a rendition `width` pixels wide is marked.
    public func marks(width renditionWidth: Int) -> Bool { renditionWidth >= minWidth }
}

extension Watermark: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(image.digest)
        fingerprint.add(position.rawValue)
        fingerprint.add(String(opacity))
        fingerprint.add(String(width))
        fingerprint.add(minWidth)
        fingerprint.add(String(margin))
    }
}
