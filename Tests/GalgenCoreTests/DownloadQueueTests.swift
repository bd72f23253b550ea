import Testing
@testable import GalgenCore

@Suite("Fetch: download queue")
struct DownloadQueueTests {
    /// Starts URLs until none can start.
    func startAll(_ queue: inout DownloadQueue) -> [String] {
        var started: [String] = []
        while let url = queue.start() { started.append(url) }
        return started
    }

    @Test func startsInListOrderUpToTheConcurrency() {
        let urls = (1...6).map { "https://h\($0).example/a.jpg" }
        var queue = DownloadQueue(urls: urls, concurrency: 3, perHost: 6)
        #expect(startAll(&queue) == Array(urls.prefix(3)))
        queue.finish(urls[1])
        #expect(startAll(&queue) == [urls[3]])
        queue.finish(urls[0])
        queue.finish(urls[2])
        #expect(startAll(&queue) == [urls[4], urls[5]])
        #expect(queue.start() == nil)
    }

    @Test func atMostPerHostToOneHost() {
        let urls = (1...5).map { "https://a.example/\($0).jpg" }
        var queue = DownloadQueue(urls: urls, concurrency: 8, perHost: 2)
        #expect(startAll(&queue) == Array(urls.prefix(2)))
        queue.finish(urls[0])
        #expect(startAll(&queue) == [urls[2]])
    }

    @Test func aBusyHostIsSkippedForAnotherHostsURL() {
        let urls = ["https://a.example/1.jpg", "https://a.example/2.jpg", "https://a.example/3.jpg", "https://b.example/1.jpg",
                    "https://a.example/4.jpg", "https://c.example/1.jpg"]
        var queue = DownloadQueue(urls: urls, concurrency: 4, perHost: 1)
        #expect(startAll(&queue) == ["https://a.example/1.jpg", "https://b.example/1.jpg", "https://c.example/1.jpg"])
        queue.finish("https://a.example/1.jpg")
        // a.example's next URL is first again once a.example has room.
        #expect(startAll(&queue) == ["https://a.example/2.jpg"])
    }

    @Test func hostsCountByHostAndPortCaseInsensitively() {
        let urls = ["https://a.example/1.jpg", "https://A.EXAMPLE/2.jpg", "https://a.example:8443/3.jpg",
                    "http://127.0.0.1:8080/4.jpg", "http://127.0.0.1:8081/5.jpg", "http://127.0.0.1:8080/6.jpg"]
        var queue = DownloadQueue(urls: urls, concurrency: 10, perHost: 1)
        #expect(startAll(&queue) == ["https://a.example/1.jpg", "https://a.example:8443/3.jpg",
                                     "http://127.0.0.1:8080/4.jpg", "http://127.0.0.1:8081/5.jpg"])
        #expect(DownloadQueue.host("https://A.Example:8443/x?y=1") == "a.example:8443")
        #expect(DownloadQueue.host("https://user:pw@a.example/x") == "a.example:443")
        // The default port written out or not is the same server.
        #expect(DownloadQueue.host("https://a.example:443/x") == DownloadQueue.host("https://a.example/y"))
        #expect(DownloadQueue.host("http://a.example:80/x") == DownloadQueue.host("http://a.example/y"))
        #expect(DownloadQueue.host("http://[::1]:9/x") == DownloadQueue.host("http://[::1]:9/y"))
        #expect(DownloadQueue.host("http://[::1]:9/x") != DownloadQueue.host("http://[::1]:10/x"))
    }

    @Test func theSameURLIsQueuedOnce() {
        let a = "https://a.example/1.jpg", b = "https://b.example/1.jpg"
        var queue = DownloadQueue(urls: [a, a, b, a, b], concurrency: 10, perHost: 10)
        #expect(startAll(&queue) == [a, b])
        queue.finish(a)
        queue.finish(b)
        #expect(queue.start() == nil)
        #expect(queue.isFinished)
    }

    @Test func isFinishedOnlyWhenNothingWaitsOrRuns() {
        #expect(DownloadQueue(urls: [], concurrency: 2, perHost: 2).isFinished)
        let urls = ["https://a.example/1.jpg", "https://a.example/2.jpg"]
        var queue = DownloadQueue(urls: urls, concurrency: 1, perHost: 1)
        #expect(!queue.isFinished)
        #expect(queue.start() == urls[0])
        #expect(!queue.isFinished)
        queue.finish(urls[0])
        #expect(!queue.isFinished)
        #expect(queue.start() == urls[1])
        #expect(queue.start() == nil)
        #expect(!queue.isFinished)
        queue.finish(urls[1])
        #expect(queue.isFinished)
    }

    @Test func limitsBelowOneMeanOne() {
        let queue = DownloadQueue(urls: ["https://a.example/1.jpg"], concurrency: 0, perHost: -2)
        #expect(queue.concurrency == 1 && queue.perHost == 1)
        var copy = DownloadQueue(urls: ["https://a.example/1.jpg", "https://b.example/1.jpg"], concurrency: 0, perHost: 0)
        #expect(startAll(&copy) == ["https://a.example/1.jpg"])
    }

    /// Drives a queue to the end, finishing downloads in a scrambled (but repeatable) order, and
    /// checks the limits after every step.
    @Test("Limits hold throughout a whole run", arguments: [(1, 1), (3, 1), (4, 2), (8, 6), (2, 5)])
    func limitsHoldThroughout(_ concurrency: Int, _ perHost: Int) {
        let hosts = ["https://a.example", "https://b.example", "https://a.example:444", "http://127.0.0.1:8080"]
        let urls = (0..<40).map { "\(hosts[($0 * 7 + $0 / 3) % hosts.count])/\($0 % 29).jpg" }
        let distinct = urls.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var queue = DownloadQueue(urls: urls, concurrency: concurrency, perHost: perHost)
        var running: [String] = []
        var started: [String] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var peak = 0
        while !queue.isFinished {
            while let url = queue.start() {
                running.append(url)
                started.append(url)
            }
            peak = max(peak, running.count)
            #expect(running.count <= concurrency)
            let perHostNow = Dictionary(grouping: running, by: { DownloadQueue.host($0) }).mapValues(\.count)
            #expect(perHostNow.values.allSatisfy { $0 <= perHost }, "\(perHostNow)")
            guard !running.isEmpty else {
                Issue.record("nothing running but the queue is not finished")
                return
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            queue.finish(running.remove(at: Int(seed >> 33) % running.count))
        }
        #expect(started.sorted() == distinct.sorted())
        #expect(peak == min(concurrency, perHost * 4))
    }
}
