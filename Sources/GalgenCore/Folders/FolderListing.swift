/// What is under a folder, as the walker found it: the edge's answer, turned into photos by the
/// pure `FolderExpansion`.
public struct FolderListing: Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case missing
        case notAFolder
        case unreadable(String)
    }

    /// Why the folder itself could not be listed; nil when it was.
    public var problem: Problem?
    /// Regular files (symlinks followed where allowed), `/`-separated paths relative to the folder, as named on disk.
    public var files: [ListedFile]
    /// Entries left out by the walk itself, with the reason: a symlink leading out of the allowed
    /// folders, a loop, a subfolder that cannot be read, a device or FIFO.
    public var skipped: [SkippedEntry]
    /// Hidden entries (names starting with "."), not looked into.
    public var hidden: Int
    /// Every folder walked (absolute), the root first: `galgen serve` watches them.
    public var folders: [String]

    public init(problem: Problem? = nil, files: [ListedFile] = [], skipped: [SkippedEntry] = [], hidden: Int = 0, folders: [String] = []) {
        self.problem = problem
        self.files = files
        self.skipped = skipped
        self.hidden = hidden
        self.folders = folders
    }
}

public struct ListedFile: Equatable, Sendable {
    public var relative: String
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init(_ relative: String, modified: Int64 = 0) {
        self.relative = relative
        self.modified = modified
    }
}

public struct SkippedEntry: Equatable, Sendable {
    public var relative: String
    public var reason: String

    public init(_ relative: String, reason: String) {
        self.relative = relative
        self.reason = reason
    }
}

/// How a local path looks on disk, for a single `src` that might be a folder.
public enum PathKind: Equatable, Sendable {
    case file(modified: Int64)
    case folder
    /// Missing, or anything else: the image stage reports it with its reason.
    case other
}
