import Foundation
import Synchronization

/// A value kept in one JSON file of the cache: read when first needed (or `prefetch`ed), changed
/// in memory, and written back atomically by `save()` only when it changed, so a build that
/// changes nothing writes nothing and a killed build leaves the previous file intact.
final class RecordFile<Value: Codable & Sendable>: Sendable {
    let path: String
    private let empty: @Sendable () -> Value
    private let userInfo: [CodingUserInfoKey: any Sendable]
    private let temporaries: TemporaryFiles
    private let state = Mutex(State())
    private struct State {
        var value: Value?
        var changed = false
        /// The files the value's entries were read from, when it is a table that holds exactly
        /// their entries (or fewer: `keepOnly`); nil once it is changed otherwise (`RecordSplice`).
        var origins: [RecordOrigin]? = []
    }
    /// The keys this build used (`use`), for a table that keeps only those (`finishUsed`).
    private let used = Mutex<Set<String>>([])

    /// Bumped when the layout of any record file changes: older files are then ignored.
    static var formatVersion: Int { 3 }

    /// Whether a table saved from the files it was read from copies their bytes (`RecordSplice`):
    /// the renditions' records, which a merge folds from the shards'. Other files keep no spans.
    private let splices: Bool

    init(path: String, temporaries: TemporaryFiles, userInfo: [CodingUserInfoKey: any Sendable] = [:], splices: Bool = false,
         empty: @escaping @Sendable () -> Value) {
        self.path = path
        self.splices = splices
        self.temporaries = temporaries
        self.userInfo = userInfo
        self.empty = empty
    }

    /// Reads the file on another thread, so it overlaps with other start-up work.
    func prefetch() {
        DispatchQueue.global().async { self.read { _ in } }
    }

    func read<R>(_ body: (Value) -> R) -> R {
        state.withLock { state in
            load(&state)
            return body(state.value!)
        }
    }

    /// Changes the value in place (no copy of it is made, however large).
    func change<R>(_ body: (inout Value) -> R) -> R {
        state.withLock { state in
            load(&state)
            state.changed = true
            state.origins = nil
            return body(&state.value!)
        }
    }

    /// The value and the files it was read from (`State.origins`).
    func readWithOrigins<R>(_ body: (Value, [RecordOrigin]?) -> R) -> R {
        state.withLock { state in
            load(&state)
            return body(state.value!, state.origins)
        }
    }

    var changed: Bool { state.withLock { $0.changed } }

    /// Writes the file when the value changed and differs from what the file holds.
    func save() throws {
        guard let (value, origins) = state.withLock({ $0.changed ? ($0.value, $0.origins) : nil }), let value else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A table read from files and only folded or pruned since: their entries' bytes, copied.
        if let origins, !origins.isEmpty, let table = value as? any RecordTable {
            do {
                return try PiecewiseFile.write(path, temporaries: temporaries) { write in
                    try RecordSplice.write(keys: table.sortedKeys, version: Self.formatVersion, origins: origins, to: write)
                }
            } catch {
                // An origin changed or could not be read again: encoded, as any other table.
            }
        }
        // A table of every photo is written an entry at a time, never whole in memory.
        try PiecewiseFile.write(path, temporaries: temporaries) { write in
            try RecordEncoding.encode(value, version: Self.formatVersion, to: write)
        }
    }

    private func load(_ state: inout State) {
        guard state.value == nil else { return }
        let decoder = JSONDecoder()
        for (key, info) in userInfo { decoder.userInfo[key] = info }
        let read = try? FileSystem.stamped(path, limit: .records)
        if let read, let (value, version, spans) = RecordDecoding.decodeSpanned(Value.self, from: read.bytes, decoder: decoder),
           version == Self.formatVersion {
            state.value = value
            state.origins = splices ? spans.map { [RecordOrigin(path: path, stamp: read.stamp, spans: $0)] } : nil
        } else {
            // Nothing read: an empty table is what no file holds; any other value is no file's.
            state.value = empty()
            state.origins = splices && (state.value as? any RecordTable)?.sortedKeys.isEmpty == true ? [] : nil
        }
    }
}

extension RecordFile {
    /// Forgets every entry whose key is not in `used` (a change only when there is one to forget).
    func keepOnly<Entry>(_ used: Set<String>) where Value == [String: Entry] {
        state.withLock { state in
            load(&state)
            guard !state.value!.keys.allSatisfy(used.contains) else { return }
            // Still the origins' entries, fewer of them.
            state.changed = true
            state.value = state.value!.filter { used.contains($0.key) }
        }
    }

    /// Takes `table`'s entries, read from `origins`, for the keys this one lacks (its own are
    /// kept). An empty table takes `table`'s storage itself rather than a copy of it.
    func fold<Entry>(_ table: [String: Entry], from origins: [RecordOrigin]?) where Value == [String: Entry] {
        guard !table.isEmpty else { return }
        state.withLock { state in
            load(&state)
            state.changed = true
            state.origins = state.origins.flatMap { mine in origins.map { mine + $0 } }
            if state.value!.isEmpty {
                state.value = table
            } else {
                state.value!.reserveCapacity(state.value!.count + table.count)
                state.value!.merge(table) { mine, _ in mine }
            }
        }
    }

    /// Notes that this build used the entry under `key`, so `finishUsed` keeps it.
    func use(_ key: String) {
        used.withLock { _ = $0.insert(key) }
    }

    /// The build went through: forgets the entries it did not `use`, and saves what changed.
    func finishUsed<Entry>() throws where Value == [String: Entry] {
        keepOnly(used.withLock { $0 })
        try save()
    }
}
