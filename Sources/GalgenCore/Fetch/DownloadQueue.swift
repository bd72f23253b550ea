import Foundation

/// Which download starts next: in list order, at most `concurrency` in flight, and at most
/// `perHost` to one host, skipping past a busy host to the next URL that can start.
public struct DownloadQueue: Sendable {
    public let concurrency: Int
    public let perHost: Int
    private var waiting: [String]
    private var inFlight: [String: Int] = [:]
    private var running = 0

    /// The same URL listed twice is queued once.
    public init(urls: [String], concurrency: Int, perHost: Int) {
        var seen = Set<String>()
        self.waiting = urls.filter { seen.insert($0).inserted }
        self.concurrency = max(1, concurrency)
        self.perHost = max(1, perHost)
    }

    public var isFinished: Bool { waiting.isEmpty && running == 0 }

    /// The next URL that may start now, marked as in flight; nil when none can.
    public mutating func start() -> String? {
        guard running < concurrency,
              let index = waiting.firstIndex(where: { inFlight[Self.host($0), default: 0] < perHost })
        else { return nil }
        let url = waiting.remove(at: index)
        inFlight[Self.host(url), default: 0] += 1
        running += 1
        return url
    }

    public mutating func finish(_ url: String) {
        inFlight[Self.host(url), default: 1] -= 1
        running -= 1
    }

    /// Host and port, lowercased: what a browser counts connections against.
    static func host(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        let scheme = components.scheme?.lowercased()
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return (components.host?.lowercased() ?? "") + ":\(port)"
    }
}
