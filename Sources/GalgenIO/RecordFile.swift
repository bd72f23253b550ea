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
    private let state = Mutex<State>(State())
    /// What a build holds of the file: its value (nil until read), whether it changed, and the
    /// entries of a table as the file held them, for those unchanged since (`RecordEntries`).
    private struct State {
        var value: Value?
        var changed = false
        var kept: RecordEntries = [:]
    }
    /// The keys this build used (`use`), for a table that keeps only those (`finishUsed`).
    private let used = Mutex<Set<String>>([])

    /// Bumped when the layout of any record file changes: older files are then ignored.
    static var formatVersion: Int { 3 }

    init(path: String, temporaries: TemporaryFiles, userInfo: [CodingUserInfoKey: any Sendable] = [:],
         empty: @escaping @Sendable () -> Value) {
        self.path = path
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

    /// Changes the value in place (no copy of it is made, however large). Any entry may have
    /// changed, so a table is saved by encoding every entry (`set` changes one).
    func change<R>(_ body: (inout Value) -> R) -> R {
        state.withLock { state in
            load(&state)
            state.changed = true
            state.kept = [:]
            return body(&state.value!)
        }
    }

    var changed: Bool { state.withLock { $0.changed } }

    /// Writes the file when the value changed and differs from what the file holds.
    func save() throws {
        guard let (value, kept) = state.withLock({ state in state.value.flatMap { state.changed ? ($0, state.kept) : nil } }) else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A table of every photo is written an entry at a time, never whole in memory.
        try PiecewiseFile.write(path, temporaries: temporaries) { write in
            try RecordEncoding.encode(value, version: Self.formatVersion, kept: kept, to: write)
        }
    }

    private func load(_ state: inout State) {
        guard state.value == nil else { return }
        let decoder = JSONDecoder()
        for (key, info) in userInfo { decoder.userInfo[key] = info }
        let read = (try? FileSystem.read(path, limit: .records))
            .flatMap { RecordDecoding.decode(Value.self, from: $0, decoder: decoder) }
            .flatMap { $0.version == Self.formatVersion ? $0 : nil }
        state.value = read?.value ?? empty()
        state.kept = read?.entries ?? [:]
    }
}

extension RecordFile {
    /// Forgets every entry whose key is not in `used` (a change only when there is one to forget).
    func keepOnly<Entry>(_ used: Set<String>) where Value == [String: Entry] {
        state.withLock { state in
            load(&state)
            guard !Set(state.value!.keys).isSubset(of: used) else { return }
            state.changed = true
            state.value = state.value!.filter { used.contains($0.key) }
            state.kept = state.kept.filter { used.contains($0.key) }
        }
    }

    /// Changes the entry under `key` (nil: none) and no other, so every other entry unchanged
    /// since it was read is saved as the file held it.
    func set<Entry, R>(_ key: String, _ body: (inout Entry?) -> R) -> R where Value == [String: Entry] {
        state.withLock { state in
            load(&state)
            state.changed = true
            state.kept[key] = nil
            return body(&state.value![key])
        }
    }

    /// The table and its entries as the file held them (`RecordEntries`), to be taken into another (`take`).
    func entries<Entry>() -> (table: [String: Entry], kept: RecordEntries) where Value == [String: Entry] {
        state.withLock { state in
            load(&state)
            return (state.value!, state.kept)
        }
    }

    /// Another table's entries for the keys this one lacks (this one's own entry wins), with
    /// their bytes. An empty table takes the other's storage itself rather than a copy of it.
    func take<Entry>(_ other: [String: Entry], kept otherKept: RecordEntries) where Value == [String: Entry] {
        guard !other.isEmpty else { return }
        state.withLock { state in
            load(&state)
            state.changed = true
            if state.value!.isEmpty {
                state.value = other
                state.kept = otherKept
                return
            }
            state.value!.reserveCapacity(state.value!.count + other.count)
            for (key, entry) in other where state.value![key] == nil {
                state.value![key] = entry
                state.kept[key] = otherKept[key]
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
