import GalgenCore
import Synchronization

/// The site being written, a batch of files at a time: the pipeline hands over each album's pages
/// as soon as they are rendered and keeps none of them, and the live writer stages each batch at
/// once, keeping only the files' paths and digests. So no build holds the whole site in memory.
public struct SiteOutput: Sendable {
    /// Hands files over; their bytes are not needed after the call.
    public var add: @Sendable (_ files: [OutputFile]) throws -> Void
    /// Puts the site in place, or leaves the output as it was when it already held exactly the
    /// files added; returns whether it wrote.
    public var finish: @Sendable () throws -> Bool
    /// Abandons the site: nothing added is put in place (the output keeps the previous site).
    public var cancel: @Sendable () -> Void
    /// Says, before `finish`, which folders (`family-k3j9x0q2ma/`, `images/family-k3j9x0q2ma/`)
    /// hold unlisted albums: a file the host serves beside the pages (the live writer's marker)
    /// must not name them.
    public var unlisted: @Sendable (_ folders: [String]) -> Void

    public init(add: @escaping @Sendable ([OutputFile]) throws -> Void, finish: @escaping @Sendable () throws -> Bool,
                cancel: @escaping @Sendable () -> Void = {}, unlisted: @escaping @Sendable ([String]) -> Void = { _ in }) {
        self.add = add
        self.finish = finish
        self.cancel = cancel
        self.unlisted = unlisted
    }

    /// Collects every file and passes them all to `write` when finished: for a writer that takes
    /// the whole site at once (tests, in memory).
    public static func collecting(_ write: @escaping @Sendable ([OutputFile]) throws -> Bool) -> SiteOutput {
        let files = Collected()
        return SiteOutput(add: { batch in files.list.withLock { $0 += batch } },
                          finish: { try write(files.list.withLock { $0 }) })
    }

    private final class Collected: Sendable {
        let list = Mutex<[OutputFile]>([])
    }
}
