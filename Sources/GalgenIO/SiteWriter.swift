import CFileShim
import Foundation
import GalgenBuild
import GalgenCore

/// Replaces the output folder with a complete new site, or leaves it untouched.
///
/// The site is written to a sibling temporary folder and exchanged with the old one in one
/// step, so an interrupted build never leaves a half-written site, nor a moment without one.
/// An output that is a symlink stays one: the site is built into the folder it points to.
public struct SiteWriter: Sendable {
    /// Present in every folder galgen writes; a non-empty folder without it is not ours to replace.
    public static let markerName = ".galgen-site"

    /// The folder the site is written to: `--output`, or where it leads when it is a symlink.
    public var output: String
    /// Where the stamp of every file written is recorded (in the cache, never in the site): a
    /// file whose stamp changed since was edited, so it is neither trusted as up to date nor
    /// carried into the next site. Without it, files are compared by size.
    public var stamps: StampFile?
    /// Where the lines of the unlisted albums' files are kept (in the cache, never in the site):
    /// the site's marker holds only their digest, so that the next build still knows which of
    /// them it may keep. Without it, they are written anew whenever the site is.
    public var unlistedManifest: String?

    public init(output: String, stamps: StampFile? = nil, unlistedManifest: String? = nil) {
        self.output = Self.followingSymlink(output)
        self.stamps = stamps
        self.unlistedManifest = unlistedManifest
    }

    /// The path a symlink leads to (resolved as the kernel would); other paths as they are.
    static func followingSymlink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the next site is assembled: a fixed name beside the output, so
    /// leftovers of a killed build are cleared by the next one.
    public var staging: String { beside("galgen-tmp") }

    /// What the output's build lock (`BuildLock.acquire(output:)`) is taken on: the folder that
    /// holds the output, as the output itself is replaced.
    public var lockPath: String {
        let parent = (output as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// `.<output name>.<suffix>` in the output's parent folder.
    private func beside(_ suffix: String) -> String {
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return (parent.isEmpty ? "." : parent) + "/.\(name).\(suffix)"
    }

    /// Writes the site, or nothing when the output already holds exactly these files
    /// (same paths, digests and sizes, as its marker lists them). Returns whether it wrote.
    @discardableResult
    public func write(_ files: [OutputFile]) throws -> Bool {
        let site = try open()
        try site.add(files)
        return try site.finish()
    }

    /// Whether the output holds every file the last write recorded, none changed since (by
    /// stamp): a site nobody touched. False without recorded stamps.
    public func isIntact() -> Bool {
        guard let recorded = stamps?.read(), !recorded.isEmpty else { return false }
        return recorded.allSatisfy { path, stamp in stamp.isCurrent(at: output + "/" + path) }
    }

    /// Whether the file at `full` is as it was written (by stamp, when stamps are recorded).
    static func isUnchanged(_ full: String, _ path: String, recorded: [String: FileStamp]?) -> Bool {
        guard let recorded else { return true }
        return recorded[path]?.isCurrent(at: full) == true
    }

    /// Records the stamps of the site's files, taken as each was written (staging and putting
    /// the site in place change none of them: `swap` moves their folder): `entries` in `order`
    /// (their indexes by path, `TextOrder.order`), and the marker's, where its name sorts among them.
    func record(_ entries: [Entry], order: [Int], marker: FileStamp?) throws {
        guard let stamps else { return }
        var markerLeft = marker.map { (name: Self.markerName, stamp: $0) }
        var next = order.startIndex
        let lines = AnyIterator<(name: String, stamp: FileStamp)> {
            while next < order.endIndex || markerLeft != nil {
                if let line = markerLeft, next == order.endIndex || line.name < entries[order[next]].path {
                    markerLeft = nil
                    return line
                }
                let entry = entries[order[next]]
                next += 1
                if let stamp = entry.stamp { return (entry.path, stamp) }
            }
            return nil
        }
        try stamps.write(inOrder: IteratorSequence(lines), temporaries: TemporaryFiles())
    }

    /// Path → digest of the current site, from its marker, and for the unlisted albums' files
    /// (which it names by one digest only) from `unlistedManifest`, when that digest is its own.
    func previousDigests() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: output + "/" + Self.markerName) else { return [:] }
        var digests: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            guard let (digest, path) = Self.entry(line) else { continue }
            if path != Self.unlistedLine {
                digests[path] = digest
            } else if let manifest = unlistedManifest, let kept = FileManager.default.contents(atPath: manifest),
                      ContentHash.hex(Array(kept)) == digest {
                for hidden in String(decoding: kept, as: UTF8.self).split(separator: "\n") {
                    if let (digest, path) = Self.entry(hidden) { digests[path] = digest }
                }
            }
        }
        return digests
    }

    /// One line of the marker or of `unlistedManifest`: `<digest> <size> <path>`.
    private static func entry(_ line: Substring) -> (digest: String, path: String)? {
        let parts = line.split(separator: " ", maxSplits: 2)
        return parts.count == 3 ? (String(parts[0]), String(parts[2])) : nil
    }

    /// Keeps the unlisted albums' lines of the site just written (`unlistedManifest`).
    func keepUnlisted(_ lines: [UInt8]) throws {
        guard let unlistedManifest else { return }
        if lines.isEmpty {
            unlink(unlistedManifest)
            return
        }
        try FileManager.default.createDirectory(atPath: (unlistedManifest as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try TemporaryFiles().writeAtomically(lines, to: unlistedManifest, durable: false)
    }

    func isUpToDate(marker: [UInt8], entries: [Entry], recorded: [String: FileStamp]?) -> Bool {
        guard let current = FileManager.default.contents(atPath: output + "/" + Self.markerName),
              current.elementsEqual(marker),
              Self.isUnchanged(output + "/" + Self.markerName, Self.markerName, recorded: recorded) else { return false }
        return entries.allSatisfy { file in
            let full = output + "/" + file.path
            return FileStamp.of(full)?.size == Int64(file.byteCount) && Self.isUnchanged(full, file.path, recorded: recorded)
        }
    }

    /// Writes `file` under `root`, and returns its stamp as written.
    func writeFile(_ file: OutputFile, under root: String) throws -> FileStamp {
        let path = root + "/" + file.path
        switch file.content {
        case let .bytes(bytes):
            return try Self.create(path, bytes)
        case let .file(source):
            // A kept rendition: a reflink where the file system has them (no space, no time), a
            // copy elsewhere; never a hard link, so editing the site cannot change the cache.
            var written = stat()
            guard galgen_clone_or_copy_stat(source, path, &written) == 0 else {
                let reason = String(cString: strerror(errno))
                if errno == ENOENT, !FileManager.default.fileExists(atPath: source) {
                    throw FileError(path: source, reason: "a kept rendition is missing from the cache; build again")
                }
                throw FileError(path: path, reason: "cannot write the file (disk full?): \(reason)")
            }
            return FileStamp(written)
        }
    }

    static func checkInside(_ path: String) throws {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            throw FileError(path: path, reason: "refusing to write outside the output folder")
        }
    }

    /// A file of the staging folder, written in place: nothing else writes there, so it needs no
    /// temporary file and rename of its own (FileManager.createFile's: three opens per page).
    private static func create(_ path: String, _ bytes: [UInt8]) throws -> FileStamp {
        let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw FileError(path: path, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else {
                throw FileError(path: path, reason: "cannot write the file (disk full?): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw FileError(path: path, reason: "cannot look at the file just written: \(String(cString: strerror(errno)))")
        }
        return FileStamp(info)
    }

    func checkOwnership() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw FileError(path: output, reason: "the output path is a file, not a folder; choose another --output")
        }
        let contents = (try? manager.contentsOfDirectory(atPath: output)) ?? []
        guard contents.isEmpty || contents.contains(Self.markerName) else {
            throw FileError(path: output, reason: "the output folder is not empty and was not made by galgen; choose another --output or empty it")
        }
    }

    /// New site in, old site out, in one step where the file system can; then the old site
    /// (now at the staging path) is removed.
    func swap(_ staging: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output) else {
            try manager.moveItem(atPath: staging, toPath: output)
            return
        }
        if galgen_exchange(staging, output) == 0 {
            try? manager.removeItem(atPath: staging)
            return
        }
        guard [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(errno) else {
            throw FileError(path: output, reason: "cannot replace the site: \(String(cString: strerror(errno)))")
        }
        // A file system without an exchange: two renames, with a moment between them.
        let retired = staging + ".old"
        try? manager.removeItem(atPath: retired)
        try manager.moveItem(atPath: output, toPath: retired)
        do {
            try manager.moveItem(atPath: staging, toPath: output)
        } catch {
            try? manager.moveItem(atPath: retired, toPath: output)
            throw error
        }
        try? manager.removeItem(atPath: retired)
    }
}
