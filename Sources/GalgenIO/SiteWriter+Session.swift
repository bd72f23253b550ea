import Foundation
import GalgenBuild
import GalgenCore
import Synchronization

extension SiteWriter {
    /// Starts writing a new site, a batch of files at a time: each batch is staged at once and
    /// only its files' paths, digests and sizes are kept, so the whole site is never in memory.
    /// `finish` swaps the staged site in, or writes nothing when the output already holds exactly
    /// the files added (same paths, digests and sizes, as its marker lists them).
    public func open() throws -> SiteOutput {
        let session = try Session(self)
        return SiteOutput(add: session.add, finish: session.finish, cancel: session.cancel, unlisted: session.unlisted)
    }

    /// One file of the site as its marker lists it.
    struct Entry: Sendable {
        var path: String
        var digest: String
        var byteCount: Int
        /// Its stamp as staged (`SiteWriter.record`); nil until then.
        var stamp: FileStamp? = nil
    }

    /// The marker lists every file with its digest and size, sorted: the site's manifest. Made
    /// as bytes, line by line into one array (300,000 files make a 36 MB marker: a string per
    /// line, then their join, then its bytes were three copies of it at a build's end).
    ///
    /// Hosts serve the marker with the site, so the files under `unlisted` folders (unlisted
    /// albums' addresses) are not listed: one line stands for them all, the SHA-256 of their
    /// lines and their count, so that a change to any of them still changes the marker. Their
    /// lines are returned apart (`hidden`), for the cache (`unlistedManifest`).
    /// `order`: the entries' indexes in path order (`TextOrder.order`), by default worked out here.
    static func marker(for entries: [Entry], order: [Int]? = nil, unlisted: [String] = []) -> (marker: [UInt8], hidden: [UInt8]) {
        var bytes = Array("galgen site: this folder is written by galgen and replaced on each build.\n".utf8)
        bytes.reserveCapacity(entries.reduce(bytes.count) { $0 + $1.digest.utf8.count + $1.path.utf8.count + 24 })
        var hidden: [UInt8] = [], hiddenCount = 0
        for index in order ?? TextOrder.order(entries.map(\.path)) {
            let entry = entries[index]
            if unlisted.contains(where: { entry.path.hasPrefix($0) }) {
                hiddenCount += 1
                append(entry, to: &hidden)
            } else {
                append(entry, to: &bytes)
            }
        }
        if hiddenCount > 0 {
            bytes += Array("\(ContentHash.hex(hidden)) \(hiddenCount) \(Self.unlistedLine)\n".utf8)
        }
        return (bytes, hidden)
    }

    /// What the marker's line for unlisted albums' files says in place of a path: no site path
    /// starts with `(`.
    static let unlistedLine = "(files of unlisted albums)"

    private static func append(_ entry: Entry, to bytes: inout [UInt8]) {
        bytes += entry.digest.utf8
        bytes.append(UInt8(ascii: " "))
        bytes += String(entry.byteCount).utf8
        bytes.append(UInt8(ascii: " "))
        bytes += entry.path.utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    final class Session: Sendable {
        private struct State {
            var entries: [Entry] = []
            /// Files the current site already holds with the same bytes (indexes into `entries`),
            /// not staged yet: linked into the new site once it differs, so a build that changes
            /// nothing writes nothing.
            var deferred: [Int] = []
            /// Whether the staging folder was started; the folders made in it.
            var staged = false
            var folders: Set<String> = []
            var closed = false
            /// The unlisted albums' folders, which the marker does not name.
            var unlisted: [String] = []
        }

        private let writer: SiteWriter
        private let recorded: [String: FileStamp]?
        /// Path → digest of the current site's files, as they were written (an edited one is not reused).
        private let previous: [String: String]
        private let state = Mutex(State())

        init(_ writer: SiteWriter) throws {
            try writer.checkOwnership()
            self.writer = writer
            let recorded = writer.stamps?.read()
            self.recorded = recorded
            previous = writer.previousDigests().filter { path, _ in SiteWriter.isUnchanged(writer.output + "/" + path, path, recorded: recorded) }
        }

        func add(_ files: [OutputFile]) throws {
            try state.withLock { state in
                guard !state.closed else { throw FileError(path: writer.output, reason: "the site was already finished or abandoned") }
                do {
                    for file in files {
                        try SiteWriter.checkInside(file.path)
                        state.entries.append(Entry(path: file.path, digest: file.digest, byteCount: file.byteCount))
                        if !state.staged, previous[file.path] == file.digest {
                            state.deferred.append(state.entries.count - 1)
                            continue
                        }
                        try startStaging(&state)
                        state.entries[state.entries.count - 1].stamp = try stage(file, &state)
                    }
                } catch {
                    abandon(&state)
                    throw error
                }
            }
        }

        func unlisted(_ folders: [String]) {
            state.withLock { $0.unlisted = folders }
        }

        func finish() throws -> Bool {
            try state.withLock { state in
                guard !state.closed else { throw FileError(path: writer.output, reason: "the site was already finished or abandoned") }
                state.closed = true
                // The entries' order by path, once, for the marker and the stamps: no sorted copy of them.
                let order = TextOrder.order(state.entries.map(\.path))
                let (marker, hidden) = SiteWriter.marker(for: state.entries, order: order, unlisted: state.unlisted)
                if !state.staged, writer.isUpToDate(marker: marker, entries: state.entries, recorded: recorded) { return false }
                let markerStamp: FileStamp?
                do {
                    try startStaging(&state)
                    markerStamp = try stage(OutputFile(path: SiteWriter.markerName, bytes: marker), &state)
                    try writer.swap(writer.staging)
                } catch {
                    abandon(&state)
                    throw error
                }
                try writer.record(state.entries, order: order, marker: markerStamp)
                try writer.keepUnlisted(hidden)
                return true
            }
        }

        func cancel() {
            state.withLock { abandon(&$0) }
        }

        /// A fresh staging folder (clearing what a killed build left), with the deferred files linked in.
        private func startStaging(_ state: inout State) throws {
            guard !state.staged else { return }
            let staging = writer.staging
            try? FileManager.default.removeItem(atPath: staging)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            state.staged = true
            state.folders = [staging]
            for index in state.deferred {
                let entry = state.entries[index]
                state.entries[index].stamp = try stage(OutputFile(path: entry.path, file: writer.output + "/" + entry.path,
                                                                  digest: entry.digest, byteCount: entry.byteCount), &state)
            }
            state.deferred = []
        }

        /// Writes (or links) `file` into the staging folder; its stamp as written.
        private func stage(_ file: OutputFile, _ state: inout State) throws -> FileStamp? {
            let staging = writer.staging
            // The path is relative and checked (`checkInside`): its folder is all before its last `/`.
            let folder = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { staging + "/" + file.path[..<$0] } ?? staging
            if state.folders.insert(folder).inserted {
                // Most folders' parents were made just before (an album's, then its photos'):
                // one mkdir, and FileManager's walk up the path only when it is not so.
                if mkdir(folder, 0o777) != 0, errno != EEXIST {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
            }
            // A file the current site already has with the same bytes is linked, not
            // rewritten: it keeps its modification time, so rsync skips it.
            let path = staging + "/" + file.path
            if previous[file.path] == file.digest, link(writer.output + "/" + file.path, path) == 0 { return FileStamp.of(path) }
            return try writer.writeFile(file, under: staging)
        }

        private func abandon(_ state: inout State) {
            if state.staged { try? FileManager.default.removeItem(atPath: writer.staging) }
            state = State()
            state.closed = true
        }
    }
}
