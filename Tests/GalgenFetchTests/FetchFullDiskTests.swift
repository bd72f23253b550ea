import FaultServer
import Foundation
import GalgenCore
@testable import GalgenFetch
import GalgenTestSupport
import Testing

/// A download cache on a full disk: the message says so, and the download is not retried.
/// Needs a 64 KB tmpfs, which only root can mount.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct FetchFullDiskTests {
    @Test func aFullDiskIsSaidAndNotRetried() async throws {
        try await SmallDisk.with(size: "64k") { disk in try await fillTheDisk(disk) }
    }

    func fillTheDisk(_ disk: String) async throws {
        let server = try await FaultServer.start()
        defer { Task { await server.stop() } }
        let cache = disk + "/cache"
        let fetcher = RemoteFetcher(cache: DiskCache(root: cache), offline: false, userAgent: "galgen-test",
                                    retry: RetryPolicy(baseDelay: 0.05), extraTrustRoots: nil, report: { _ in })
        // About 340 KB into 64 KB.
        let url = server.url("/img/Landscape_1.jpg")

        let results = await fetcher.fetchAll([url], settings: DownloadSettings())
        guard case let .failure(.cache(message)) = results[url] else {
            Issue.record("\(String(describing: results[url]))")
            return
        }
        #expect(message.contains("No space left on device"), "\(message)")
        #expect(message.contains(cache + "/"), "the message names the file in the cache: \(message)")
        #expect(results[url].map { if case let .failure(problem) = $0 { !problem.isRetryable } else { false } } == true)
        #expect(server.log.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/bodies").isEmpty)
    }
}
