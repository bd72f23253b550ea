import GalgenCore

/// Which shard renders which item: pure, and the same on every machine that has the same
/// gallery and the same files, so N machines agree without talking to each other.
///
/// Items are sorted by their estimated cost (`ShardItem.cost`), largest first, ties by their
/// stable key, and dealt round-robin: the i-th goes to shard (i mod N) + 1. So every shard gets
/// about the same number of large and of small items, and no shard gets all the long videos.
public enum ShardPlan {
    /// The shard (counted from 1) of each item, in the order given.
    public static func deal(_ items: [ShardItem], count: Int) -> [Int] {
        let order = items.indices.sorted { a, b in
            (items[a].cost, items[b].key) > (items[b].cost, items[a].key)
        }
        var shards = Array(repeating: 1, count: items.count)
        for (position, item) in order.enumerated() { shards[item] = position % max(1, count) + 1 }
        return shards
    }

    /// The planned sources of `plan` with the shard of each, under `count` shards; `base` is
    /// gallery.yml's folder (local keys are relative to it) and `size` a file's bytes.
    public static func assign(_ plan: BuildPlan, count: Int, base: String, size: (String) -> Int?) -> [(PlannedSource, Int)] {
        let items = plan.sources.map { ShardItem($0, base: base, size: size, request: plan.request) }
        return Array(zip(plan.sources, deal(items, count: count)))
    }
}

/// One item as the shard plan sees it: a key every machine spells the same way, and its cost.
public struct ShardItem: Equatable, Sendable {
    /// A local file's path relative to gallery.yml's folder (absolute outside it), or the URL.
    public var key: String
    /// Estimated milliseconds of one core.
    public var cost: Double

    public init(key: String, cost: Double) {
        self.key = key
        self.cost = cost
    }

    init(_ planned: PlannedSource, base: String, size: (String) -> Int?, request: RenditionRequest) {
        key = Self.key(of: planned.source, base: base)
        switch planned.source {
        case let .local(_, resolved):
            cost = Self.cost(name: resolved, size: size(resolved), request: request)
        case let .remote(url):
            // Not downloaded yet, and not by every shard: a typical photo, the same everywhere.
            cost = Self.cost(name: url, size: nil, request: request)
        }
    }

    /// The stable key of a source: machines check the gallery out into different folders.
    public static func key(of source: ImageSource, base: String) -> String {
        switch source {
        case let .local(_, resolved):
            let folder = base.hasSuffix("/") ? base : base + "/"
            return resolved.hasPrefix(folder) ? String(resolved.dropFirst(folder.count)) : resolved
        case let .remote(url):
            return url
        }
    }

    /// A photo by its pixels, guessed from its bytes (`RenderWeight`); a video by its duration,
    /// guessed from its bytes at a phone's bit rate, times the measured cost of a transcode.
    static func cost(name: String, size: Int?, request: RenditionRequest) -> Double {
        let format = RenderWeight.format(ofName: name)
        guard format?.identity.mediaKind == .video else {
            return Double(RenderWeight.of(format: format, size: size, widths: request.widths, formats: request.formats))
        }
        let seconds = Double(size ?? 0) / videoBytesPerSecond
        return Double(RenderWeight.of(format: format, size: size, widths: request.widths, formats: request.formats))
            + seconds * transcodeMillisecondsPerSecond
    }

    /// A phone's 1080p or 4K HEVC/H.264 runs at 10–50 Mbit/s: 2 MB a second is the middle.
    static let videoBytesPerSecond = 2_000_000.0
    /// CPU milliseconds per second of video for the default outputs (H.264 at 1080p and 720p,
    /// `bench/video` on this project's 2-core machine: about 2 s of CPU per second of video).
    static let transcodeMillisecondsPerSecond = 2_000.0
}
