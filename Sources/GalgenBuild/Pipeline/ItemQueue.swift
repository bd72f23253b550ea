import GalgenCore

/// What the item stage starts next, in one bounded pool for renders and transcodes (issue 42
/// §1): pure. At most `slots` jobs run at once. Renders come first, the largest first (ties in
/// the order added), since every page waits on its picture and a big photo started last would
/// leave the other slots idle; a transcode takes a slot no render is waiting for, the most work
/// first. Downloads add their items' renders as they arrive; a rendered video adds its MP4s.
struct ItemQueue {
    enum Job {
        case render(WeighedSource)
        case transcode(TranscodeBatch)
    }

    let slots: Int
    private(set) var running = 0
    private var renders: [WeighedSource] = []
    private var transcodes: [TranscodeBatch] = []
    /// Renders taken in the order added instead (one slot: nothing is gained by reordering).
    private let largestFirst: Bool

    init(slots: Int) {
        self.slots = max(1, slots)
        largestFirst = slots > 1
    }

    /// Renders whose bytes are here, placed among those waiting.
    mutating func add(renders added: [WeighedSource]) {
        guard largestFirst else { return renders += added }
        for render in added {
            // After every waiting render at least as large: the largest first, ties in the order added.
            let index = renders.firstIndex { ($0.size ?? 0) < (render.size ?? 0) } ?? renders.endIndex
            renders.insert(render, at: index)
        }
    }

    /// MP4s whose item is settled (a run each, `TranscodeBatch`), placed among those waiting: the most work first.
    mutating func add(transcodes added: [TranscodeBatch]) {
        transcodes = (transcodes + added).sorted { ($0.cost, $1.key) > ($1.cost, $0.key) }
    }

    /// The next job, taking a slot, or nil when every slot is taken or nothing waits.
    mutating func next() -> Job? {
        guard running < slots else { return nil }
        if !renders.isEmpty {
            running += 1
            return .render(renders.removeFirst())
        }
        if !transcodes.isEmpty {
            running += 1
            return .transcode(transcodes.removeFirst())
        }
        return nil
    }

    /// A job ended: its slot is free.
    mutating func finished() {
        running = max(0, running - 1)
    }

    /// Nothing runs and nothing waits.
    var isIdle: Bool { running == 0 && renders.isEmpty && transcodes.isEmpty }
}
