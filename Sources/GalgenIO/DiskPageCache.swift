import Foundation
import GalgenBuild
import GalgenCore

/// The live `PageCache`: page key → the page's file in the current site (`CacheFolder.Layout.pages`).
/// A page whose key is unchanged is taken from the site instead of being rendered again.
public final class DiskPageCache: Sendable {
    struct Record: Codable, Equatable, Sendable {
        var path: String
        var digest: String
        var byteCount: Int
    }

    /// The site folder, where kept pages are found.
    public let output: String
    /// The stamps the site writer recorded: a page edited in the site since is not reused.
    private let siteStamps: StampFile
    private let file: RecordFile<[String: Record]>

    /// The record at `path`; `CacheFolder` opens the cache's.
    public init(path: String, output: String, siteStamps: StampFile, temporaries: TemporaryFiles) {
        self.output = output
        self.siteStamps = siteStamps
        file = RecordFile(path: path, temporaries: temporaries) { [:] }
    }

    public func prefetch() { file.prefetch() }

    public var pageCache: PageCache {
        PageCache(lookup: lookup, keep: keep)
    }

    func lookup(_ key: String, _ path: String) -> OutputFile? {
        guard let record = file.read({ $0[key] }), record.path == path,
              FileStamp.of(output + "/" + path)?.size == Int64(record.byteCount),
              SiteWriter.isUnchanged(output + "/" + path, path, recorded: siteStamps.read()) else { return nil }
        file.use(key)
        return OutputFile(path: path, file: output + "/" + path, digest: record.digest, byteCount: record.byteCount)
    }

    func keep(_ key: String, _ page: OutputFile) {
        file.change { $0[key] = Record(path: page.path, digest: page.digest, byteCount: page.byteCount) }
        file.use(key)
    }

    /// Forgets the pages this build did not use, and saves what changed.
    public func finish() throws {
        try file.finishUsed()
    }
}
