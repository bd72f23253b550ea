import Foundation

/// The transcodes under way, and the one line that shows them on a terminal:
/// `  ▶ Day 2/clip.mp4 1080p H.264  43% · 0:12 left`.
struct VideoProgress {
    struct Transcode: Equatable {
        var source: String
        var output: String
        var fraction: Double
        var secondsLeft: Double?
    }

    /// In the order they started: the line follows the oldest, so it does not jump between
    /// two transcodes that run side by side.
    private(set) var running: [Transcode] = []

    /// A transcode moved on; at 1 (or past it) it is done and leaves the line.
    mutating func update(source: String, output: String, fraction: Double, secondsLeft: Double?) {
        let index = running.firstIndex { $0.source == source && $0.output == output }
        guard fraction < 1 else {
            if let index { running.remove(at: index) }
            return
        }
        let transcode = Transcode(source: source, output: output, fraction: max(0, fraction), secondsLeft: secondsLeft)
        if let index { running[index] = transcode } else { running.append(transcode) }
    }

    /// The item finished or failed: none of its transcodes is under way any more.
    mutating func finish(source: String) {
        running.removeAll { $0.source == source }
    }

    /// The line for the oldest transcode (and how many more run beside it), at most `width`
    /// columns so the terminal never wraps it (a wrapped line cannot be redrawn in place);
    /// nil when none runs.
    func line(width: Int = 80) -> String? {
        guard let shown = running.first else { return nil }
        var tail = "  \(Int((shown.fraction * 100).rounded(.down)))%"
        if let left = shown.secondsLeft { tail += " · \(Self.time(left)) left" }
        if running.count > 1 { tail += "  (+\(running.count - 1) more)" }
        let head = "  ▶ ", output = " " + shown.output
        let room = width - 1 - head.count - output.count - tail.count
        return head + Self.shortened(shown.source, to: room) + output + tail
    }

    /// "0:07", "1:05", "1:02:03": whole seconds, rounded up (never "0:00 left" while work remains).
    static func time(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let tail = String(format: "%02d", secs)
        return hours > 0 ? "\(hours):" + String(format: "%02d", minutes) + ":" + tail : "\(minutes):" + tail
    }

    /// `text` within `room` characters, its start replaced by "…" when longer (the file name
    /// at the end is what tells one video from another).
    static func shortened(_ text: String, to room: Int) -> String {
        guard text.count > room else { return text }
        guard room > 1 else { return "…" }
        return "…" + text.suffix(room - 1)
    }
}
