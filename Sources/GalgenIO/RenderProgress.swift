import Foundation
import GalgenBuild
import GalgenCore

/// The render stage's counters, and the one line that shows them on a terminal:
/// `  Rendering [████████······] 12/40 · IMG_1234.jpg · about 1 min 20 s left`.
///
/// Work is counted in each item's estimated weight (`RenderWeight`: pixels × the cost of the
/// formats it makes), so a 50 MP photo moves the bar more than a 2 MP one. An item taken from
/// the cache counts its whole weight too: the time left is the weight left at the rate so far,
/// so a build that has found most of its items kept expects the rest to be kept as well.
struct RenderProgress {
    struct Item: Equatable {
        var source: String
        var weight: Int
    }

    /// The time left is shown from this long after the start (and one item done): before, one
    /// item's rate says too little.
    static let minimumElapsed: TimeInterval = 2

    private(set) var total = 0
    private(set) var done = 0
    private(set) var weight = 0
    private(set) var doneWeight = 0
    /// In the order they started: the line names the oldest, so it does not flicker between jobs.
    private(set) var running: [Item] = []
    private(set) var started = Date.distantPast
    /// Between `renderingStarted` and `renderingFinished`.
    private(set) var active = false

    /// Takes in an event of the render stage; false for any other event, and for an item's
    /// event outside the stage (a published original that failed later, say).
    mutating func apply(_ event: BuildEvent, now: Date = Date()) -> Bool {
        switch event {
        case let .renderingStarted(total, done, weight):
            self = RenderProgress()
            (self.total, self.done, self.weight, started, active) = (total, done, weight, now, true)
        case let .imageStarted(source, weight):
            guard active else { return false }
            running.append(Item(source: source, weight: weight))
        case let .imageBuilt(source, done, _):
            guard active else { return false }
            finish(source, done: done)
        case let .imageFailed(failure, done, _):
            guard active else { return false }
            finish(failure.source, done: done)
        case .renderingFinished:
            guard active else { return false }
            active = false
            running = []
        default:
            return false
        }
        return true
    }

    private mutating func finish(_ source: String, done: Int) {
        self.done = done
        guard let index = running.firstIndex(where: { $0.source == source }) else { return }
        doneWeight += running.remove(at: index).weight
    }

    /// Seconds left: the weight left over the weight done per second so far; nil until an item
    /// is done and `minimumElapsed` has passed, and once none is left.
    func secondsLeft(now: Date = Date()) -> Double? {
        let elapsed = now.timeIntervalSince(started)
        guard doneWeight > 0, weight > doneWeight, elapsed >= Self.minimumElapsed else { return nil }
        return Double(weight - doneWeight) * elapsed / Double(doneWeight)
    }

    /// The line, at most `width - 1` columns so the terminal never wraps it (a wrapped line
    /// cannot be redrawn in place). The item's name goes first when room runs short.
    func bar(width: Int = 80, barWidth: Int = 20, now: Date = Date()) -> String {
        let fraction = weight > 0 ? Double(doneWeight) / Double(weight) : total > 0 ? Double(done) / Double(total) : 1
        let filled = min(barWidth, max(0, Int((fraction * Double(barWidth)).rounded(.down))))
        let head = "  Rendering [" + String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
            + "] \(done)/\(total)"
        let tail = secondsLeft(now: now).map { " · about \(Self.time($0)) left" } ?? ""
        let room = width - 1 - head.count - tail.count - " · ".count
        guard let current = running.first, room >= 6 else { return head + tail }
        return head + " · " + VideoProgress.shortened(Self.name(current.source), to: room) + tail
    }

    /// The last part of a path or URL: what tells one photo from the next.
    static func name(_ source: String) -> String {
        let name = source.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? source
        return name.isEmpty ? source : name
    }

    /// "5 s", "45 s", "1 min 20 s", "25 min", "1 h 20 min": rounded more coarsely the longer it is
    /// (up to 5 s under a minute, so never "0 s" while work remains; 10 s under ten minutes; a
    /// minute under an hour; 5 minutes above).
    static func time(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        let step: Double = seconds < 60 ? 5 : seconds < 600 ? 10 : seconds < 3600 ? 60 : 300
        let rounded = seconds < 60 ? max(5, (seconds / step).rounded(.up) * step) : (seconds / step).rounded() * step
        let total = Int(rounded)
        let parts = [(total / 3600, "h"), (total / 60 % 60, "min"), (total % 60, "s")].filter { $0.0 > 0 }
        return parts.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }
}
