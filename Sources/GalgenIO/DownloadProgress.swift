import Foundation
import GalgenBuild
import GalgenCore

/// The download stage's counters, and how they read on a terminal.
struct DownloadProgress {
    var total = 0
    var done = 0
    var bytes = 0
    var started = Date()

    /// Downloads under way: their bar is the one shown (renders and transcodes run meanwhile).
    var active: Bool { done < total }

    mutating func apply(_ event: DownloadEvent) {
        switch event {
        case let .started(total):
            self = DownloadProgress(total: total, started: Date())
        case let .received(count):
            bytes += count
        case let .finished(_, _, _, done, _), let .failed(_, _, done, _):
            self.done = done
        }
    }

    /// `[██████······]  12/200  3.4 MB  1.2 MB/s`
    func bar(width: Int = 24, now: Date = Date()) -> String {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let seconds = max(now.timeIntervalSince(started), 0.001)
        return "  [" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]"
            + "  \(done)/\(total)  \(Self.size(bytes))  \(Self.size(Int(Double(bytes) / seconds)))/s"
    }

    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: "\(bytes) B"
        case ..<1_000_000: String(format: "%.1f kB", Double(bytes) / 1_000)
        default: String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
    }
}
