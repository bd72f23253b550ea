import Foundation
import GalgenCore

/// Lists the files under a photo folder: the live `listFolder` effect.
///
/// Hidden entries (names starting with ".") are counted and not looked into. A symlink is
/// followed only when its real target lies inside one of the trusted folders (gallery.yml's
/// folder, the listed folder itself), as the trust rules of the site and cache require: a link
/// in a photo folder must not publish `~/.ssh` or the rest of the disk. Each real folder is
/// walked once, so a symlink loop ends; depth is capped as well. A folder holding a site galgen
/// built (its `.galgen-site` marker) is not looked into.
public enum FolderWalker {
    /// Folders below the listed one looked into at most.
    public static let depthLimit = 64

    public static func list(_ folder: String, maxDepth: Int?, trusted: [String]) -> FolderListing {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            return FolderListing(problem: errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return FolderListing(problem: .notAFolder) }
        let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var walk = Walk(trusted: trusted.compactMap(realPath), limit: maxDepth.map { $0 - 1 } ?? depthLimit)
        walk.visited.insert(FolderID(info))
        guard walk.list(root, relative: "", depth: 0) else {
            return FolderListing(problem: .unreadable(reason(errno)))
        }
        return walk.listing
    }

    /// A folder's identity on disk, to walk each once however it is reached.
    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    struct Walk {
        let trusted: [String]
        /// Subfolders looked into at most below the root (0: the root's own files only).
        let limit: Int
        var listing = FolderListing()
        var visited: Set<FolderID> = []

        /// Lists one folder; false when it cannot be opened.
        mutating func list(_ path: String, relative: String, depth: Int) -> Bool {
            guard let entries = DirectoryNames.read(path) else { return false }
            listing.folders.append(path)
            // A fixed order, so the walk (and the first examples of each skipped kind) is the same everywhere.
            for name in entries.map({ String(decoding: $0, as: UTF8.self) }).sorted() {
                visit(path + "/" + name, relative: relative + name, depth: depth)
            }
            return true
        }

        mutating func visit(_ path: String, relative: String, depth: Int) {
            if relative.split(separator: "/").last?.hasPrefix(".") == true {
                listing.hidden += 1
                return
            }
            var info = stat()
            guard lstat(path, &info) == 0 else { return }  // gone since readdir: as if never there
            if info.st_mode & S_IFMT == S_IFLNK {
                guard let target = realPath(path) else {
                    listing.skipped.append(SkippedEntry(relative, reason: "symlinks to nothing"))
                    return
                }
                guard trusted.contains(where: { FolderWalker.isInside(target, $0) }) else {
                    listing.skipped.append(SkippedEntry(relative, reason: "symlinks leading out of the gallery's folder (to include such a photo, list it as its own src)"))
                    return
                }
                guard stat(path, &info) == 0 else { return }
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                listing.files.append(ListedFile(relative, modified: FileStamp(info).modified))
            case S_IFDIR:
                guard depth < limit else {
                    if limit == FolderWalker.depthLimit {
                        listing.skipped.append(SkippedEntry(relative, reason: "folders more than \(FolderWalker.depthLimit) deep"))
                    }
                    return
                }
                // A site galgen built (`images: ./` beside _site/): its renditions are not photos.
                guard access(path + "/" + SiteWriter.markerName, F_OK) != 0 else {
                    listing.skipped.append(SkippedEntry(relative, reason: "sites galgen built"))
                    return
                }
                guard visited.insert(FolderID(info)).inserted else {
                    listing.skipped.append(SkippedEntry(relative, reason: "folders already listed through another path"))
                    return
                }
                if !list(path, relative: relative + "/", depth: depth + 1) {
                    listing.skipped.append(SkippedEntry(relative, reason: "folders that cannot be read"))
                }
            default:
                listing.skipped.append(SkippedEntry(relative, reason: "neither files nor folders"))
            }
        }
    }

    /// Whether `path` is `folder` or inside it (both real paths).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The live `leadsOutside` effect: a symlink is trusted as a folder's walk trusts it.
    public static func leadsOutside(_ path: String, trusted: [String]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        guard let target = realPath(path) else { return true }
        return !trusted.compactMap(realPath).contains { isInside(target, $0) }
    }

    /// The live `folderNames` effect: one folder's names, as UTF-8 text.
    public static func names(in folder: String) -> [String]? {
        DirectoryNames.read(folder)?.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The live `pathKind` effect.
    public static func kind(of path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(modified: FileStamp(info).modified)
        case S_IFDIR: return .folder
        default: return .other
        }
    }
}
