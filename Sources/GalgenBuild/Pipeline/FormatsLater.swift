import GalgenCore

/// The formats a build left for later (`BuildPipeline.formatsLater`): `galgen serve` shows new
/// photos with their JPEG renditions first and encodes AVIF and WebP in a second build.
public struct FormatsLater: Equatable, Sendable {
    /// The formats left out of at least one image, in the order gallery.yml lists them.
    public var formats: [OutputFormat] = []
    /// How many images lack at least one of them.
    public var images = 0

    public init(formats: [OutputFormat] = [], images: Int = 0) {
        self.formats = formats
        self.images = images
    }

    /// Nothing was left out: the site is complete.
    public var isEmpty: Bool { images == 0 }

    /// What an image's render must encode now and what it may leave: without `deferring`,
    /// everything missing now; with it, only the fallback format (the one every browser shows),
    /// the other missing formats later.
    static func split(missing: [OutputFormat], of formats: [OutputFormat], deferring: Bool)
        -> (now: [OutputFormat], later: [OutputFormat]) {
        guard deferring else { return (missing, []) }
        let fallback = OutputFormat.fallback(of: formats)
        return (missing.filter { $0 == fallback }, missing.filter { $0 != fallback })
    }

    /// The build's total from each image's formats left for later.
    static func summary(_ perImage: [[OutputFormat]], formats: [OutputFormat]) -> FormatsLater {
        let left = Set(perImage.joined())
        return FormatsLater(formats: formats.filter(left.contains), images: perImage.count { !$0.isEmpty })
    }

    /// "AVIF", "AVIF and WebP": for the terminal.
    public var names: String {
        let names = formats.map(\.imageFormat.identity.name)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
