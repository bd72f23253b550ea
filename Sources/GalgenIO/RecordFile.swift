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
    private let state = Mutex<(value: Value?, changed: Bool)>((nil, false))
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

    /// Changes the value in place (no copy of it is made, however large).
    func change<R>(_ body: (inout Value) -> R) -> R {
        state.withLock { state in
            load(&state)
            state.changed = true
            return body(&state.value!)
        }
    }

    var changed: Bool { state.withLock { $0.changed } }

    /// Writes the file when the value changed and differs from what the file holds.
    func save() throws {
        guard let value = state.withLock({ $0.changed ? $0.value : nil }) else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A table of every photo is written an entry at a time, never whole in memory.
        try PiecewiseFile.write(path, temporaries: temporaries) { write in
            try RecordEncoding.encode(value, version: Self.formatVersion, to: write)
        }
    }

    private func load(_ state: inout (value: Value?, changed: Bool)) {
        guard state.value == nil else { return }
        let decoder = JSONDecoder()
        for (key, info) in userInfo { decoder.userInfo[key] = info }
        state.value = (try? FileSystem.read(path, limit: .records))
            .flatMap { RecordDecoding.decode(Value.self, from: $0, decoder: decoder) }
            .flatMap { $0.version == Self.formatVersion ? $0.value : nil } ?? empty()
    }
}

extension RecordFile {
    /// Forgets every entry whose key is not in `used` (a change only when there is one to forget).
    func keepOnly<Entry>(_ used: Set<String>) where Value == [String: Entry] {
        if read({ !Set($0.keys).isSubset(of: used) }) { change { $0 = $0.filter { used.contains($0.key) } } }
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
