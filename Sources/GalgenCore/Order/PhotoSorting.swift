/// Puts an album's photos in its `sort:` order. Pure and total: the same photos come out in the
/// same order on every machine, whatever order they came in.
package enum PhotoSorting {
    /// A photo to sort: its file name, its path as written, and when it was taken, if known.
    package struct Entry {
        var name: String
        var path: String
        var taken: CaptureTime?
        var listed: Int

        package init(name: String, path: String, taken: CaptureTime?, listed: Int) {
            self.name = name
            self.path = path
            self.taken = taken
            self.listed = listed
        }
    }

    /// When a photo was taken, as best known: its metadata's capture time, a date in its file
    /// name, then its file's modification time; nil when there is none (a downloaded photo
    /// without a date).
    package static func captureTime(metadata: PhotoMetadata, fileName: String, modified: Int64?) -> CaptureTime? {
        metadata.captured ?? FileNameDate.parse(fileName)
            ?? modified.map { CaptureTime(milliseconds: $0.floorDivided(by: 1_000_000), hasOffset: true) }
    }

    /// Each entry's place in name order (by `listed`, which numbers the entries 0..<n): file
    /// name, then path, then listed position. Every name's sort key is made once.
    static func nameRanks(_ entries: [Entry]) -> [Int] {
        let keyed = entries.map { (name: NaturalOrder.Key($0.name), path: NaturalOrder.Key($0.path), listed: $0.listed) }
        let ordered = keyed.sorted { a, b in
            if a.name != b.name { return a.name < b.name }
            if a.path != b.path { return a.path < b.path }
            return a.listed < b.listed
        }
        var ranks = [Int](repeating: 0, count: entries.count)
        for (rank, entry) in ordered.enumerated() { ranks[entry.listed] = rank }
        return ranks
    }

    /// The positions of `entries` (numbered 0..<n by `listed`) in `order`: `manual` keeps the
    /// listed order; `name` is natural order of the file names; `date` is capture time, photos
    /// without one last. Ties break by name, then path, then listed position. `reverse` reverses
    /// all but the undated photos, which stay last.
    package static func order(_ entries: [Entry], by order: PhotoOrder) -> [Int] {
        var sorted: [Entry]
        var undated: [Entry] = []
        switch order.key {
        case .manual:
            sorted = entries.sorted { $0.listed < $1.listed }
        case .name:
            let ranks = nameRanks(entries)
            sorted = entries.sorted { ranks[$0.listed] < ranks[$1.listed] }
        case .date:
            let ranks = nameRanks(entries)
            let byName = { (a: Entry, b: Entry) in ranks[a.listed] < ranks[b.listed] }
            let dated = entries.compactMap { entry in entry.taken.map { (entry, $0) } }
            sorted = dated.sorted { a, b in a.1 != b.1 ? a.1 < b.1 : byName(a.0, b.0) }.map(\.0)
            undated = entries.filter { $0.taken == nil }.sorted(by: byName)
        }
        if order.reverse { sorted.reverse() }
        return (sorted + undated).map(\.listed)
    }
}
