import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` against clients that connect and stall: it keeps answering and rebuilding
/// (a connection cap, header-read and idle timeouts, and the soft file-descriptor limit raised).
@Suite(.serialized)
struct ServeLoadTests {
    /// A request that stops in the middle of its head and never goes on.
    static let halfRequest = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: stal"

    /// `count` connections that each sent half a request.
    func stall(_ count: Int, port: Int) throws -> [RawHTTP.Connection] {
        try (0..<count).map { _ in
            let connection = try RawHTTP.Connection(port: port)
            try connection.send(Self.halfRequest)
            return connection
        }
    }

    /// The soft limit is raised to the hard one at start, so 300 stalled connections leave room
    /// to answer at once and to rebuild.
    @Test func threeHundredStalledRequestsUnderASoftLimitOf256DoNotStopIt() async throws {
        let serveTests = ServeTests()
        let folder = try serveTests.project(title: "Before")
        let server = try ServeProcess(in: folder.path, fileLimit: .soft(256))
        let stalled = try stall(300, port: server.port)
        defer { stalled.forEach { $0.close() } }

        // The old server never answered; 10 s leaves room for a loaded machine.
        let asked = ContinuousClock.now
        let page = try? server.get("/", timeout: .seconds(10))
        #expect(page?.status == 200 && page?.text.contains("Before") == true, "no answer within 10 s (\(ContinuousClock.now - asked))")
        try serveTests.writeGallery(folder, title: "After")
        #expect(await server.waitForLog("Rebuilt in", timeout: .seconds(20)), "\(server.log)")
        #expect(!server.log.contains("Too many open files"), "\(server.log)")
        #expect((try? server.get("/", timeout: .seconds(10)))?.text.contains("After") == true)
        #expect(await server.interrupt() == 0)
    }

    /// With the hard limit at 256 too, the connection cap (a quarter of the descriptors) keeps the
    /// build's files free while stalled connections fill it; the others wait in the listen queue.
    @Test func threeHundredStalledRequestsUnderAHardLimitOf256LeaveTheBuildItsFiles() async throws {
        let serveTests = ServeTests()
        let folder = try serveTests.project(title: "Before")
        let server = try ServeProcess(in: folder.path, fileLimit: .softAndHard(256))
        var stalled = try stall(300, port: server.port)
        defer { stalled.forEach { $0.close() } }

        try serveTests.writeGallery(folder, title: "After")
        #expect(await server.waitForLog("Rebuilt in", timeout: .seconds(20)), "\(server.log)")
        #expect(!server.log.contains("Too many open files"), "\(server.log)")
        // Once they go, the server takes the queued ones, sees them gone too, and answers.
        stalled.forEach { $0.close() }
        stalled = []
        let page = try? server.get("/", timeout: .seconds(10))
        #expect(page?.status == 200 && page?.text.contains("After") == true)
        #expect(await server.interrupt() == 0)
    }

    /// A request head must arrive within the header timeout of the connection's start (one that
    /// sends nothing too); a kept-alive connection with no request waits for the idle timeout; the
    /// live-reload events stream is a response in progress, never idle.
    @Test func stalledConnectionsAreClosedByTheHeaderTimeoutAndKeptAliveOnesByTheIdleTimeout() async throws {
        let serveTests = ServeTests()
        let folder = try serveTests.project(title: "Before")
        let server = try ServeProcess(
            in: folder.path, environment: ["GALGEN_SERVE_HEADER_TIMEOUT": "1", "GALGEN_SERVE_IDLE_TIMEOUT": "6"])
        let events = try EventStream(port: server.port)
        defer { events.close() }
        #expect(await events.wait { !$0.isEmpty })
        let served = try #require(events.states.first?["generation"])
        let opened = ContinuousClock.now
        let half = try #require(try stall(1, port: server.port).first)
        defer { half.close() }
        let silent = try RawHTTP.Connection(port: server.port)
        defer { silent.close() }
        let keptAlive = try RawHTTP.Connection(port: server.port)
        defer { keptAlive.close() }
        try keptAlive.send(method: "GET", target: "/", headers: [:], host: "127.0.0.1:\(server.port)", close: false)

        // Closed by the header timeout (1 s), well before the idle one (6 s) could have: the bound
        // between them leaves 3 s for a loaded machine. Before, a silent connection waited for the idle timeout.
        for (name, connection) in [("half-sent request", half), ("connection that sent nothing", silent)] {
            let closed = connection.closedByPeer(within: .seconds(8))
            #expect((closed ?? .seconds(99)) < .seconds(4), "\(name) closed after \(String(describing: closed))")
        }
        // Past the header timeout, the connection that was answered is still open; the idle timeout closes it.
        #expect(keptAlive.readSome().map { !$0.isEmpty } == true, "no answer on the kept-alive connection")
        #expect(keptAlive.readSome() != nil, "a kept-alive connection was closed before the idle timeout")
        #expect(keptAlive.closedByPeer(within: .seconds(10)) != nil, "idle connection still open")

        // Well past the idle timeout, the events stream still carries the reload.
        try await Task.sleep(until: opened + .seconds(7), clock: .continuous)
        try serveTests.writeGallery(folder, title: "After")
        #expect(await events.wait { $0.contains { $0["generation"] != served } }, "no reload event:\n\(server.log)")
        #expect(await server.interrupt() == 0)
    }
}
