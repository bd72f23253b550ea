import Foundation
import GalgenCore
@testable import GalgenIO
import Testing

struct DownloadProgressTests {
    @Test func theBarCountsPhotosBytesAndRate() {
        var progress = DownloadProgress()
        progress.apply(.started(total: 4))
        let start = progress.started
        progress.apply(.received(bytes: 1_500_000))
        progress.apply(.received(bytes: 500_000))
        progress.apply(.finished(url: "https://a/1.jpg", outcome: .downloaded, bytes: 2_000_000, done: 1, total: 4))
        progress.apply(.failed(url: "https://a/2.jpg", problem: .status(404), done: 2, total: 4))
        #expect(progress.bar(width: 8, now: start.addingTimeInterval(2))
                == "  [████····]  2/4  2.0 MB  1.0 MB/s")
    }

    @Test func sizesReadNaturally() {
        #expect(DownloadProgress.size(999) == "999 B")
        #expect(DownloadProgress.size(12_345) == "12.3 kB")
        #expect(DownloadProgress.size(3_400_000) == "3.4 MB")
    }

    @Test func aNewStageStartsFromZero() {
        var progress = DownloadProgress()
        progress.apply(.started(total: 2))
        progress.apply(.received(bytes: 10))
        progress.apply(.started(total: 3))
        #expect(progress.bytes == 0 && progress.done == 0 && progress.total == 3)
    }
}
