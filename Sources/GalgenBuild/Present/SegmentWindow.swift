import GalgenCore

/// Which photos a photo page's segmented control shows: a window around the selected one.
/// In a large album printing every segment on every photo page would make each page O(album).
enum SegmentWindow {
    /// Segments shown on each side of the selected one, away from the album's ends.
    static let radius = 5

    /// Up to `2 · radius + 1` indices around `selected`. At the album's ends the window slides
    /// inwards instead of shrinking, so it always holds `min(count, 2 · radius + 1)` indices and
    /// the control keeps its width from the first photo to the last.
    /// A `selected` outside the album is taken as its nearest end; an empty album gives `0..<0`.
    static func range(selected: Int, count: Int, radius: Int = radius) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let radius = max(0, min(radius, count))
        let width = min(count, 2 * radius + 1)
        let selected = min(max(selected, 0), count - 1)
        let lower = min(max(selected - radius, 0), count - width)
        return lower..<(lower + width)
    }
}
