import Foundation
import GalgenTestSupport
import Testing

/// `galgen serve` running in the background on a free port, its terminal output in a file.
final class ServeProcess {
    let process: Process
    let port: Int
    let url: String
    private let errorLog: String

    /// A file-descriptor limit the shell sets (`ulimit`) before it becomes galgen.
    enum FileLimit {
        /// The soft limit only: galgen may raise it up to the hard limit.
        case soft(Int)
        /// Both: galgen has to live with it.
        case softAndHard(Int)
    }

    /// Starts `galgen serve --port 0 ARGUMENTS` in `directory` and waits for its "Serving … at URL" line.
    init(_ arguments: [String] = [], in directory: String, environment: [String: String] = [:], fileLimit: FileLimit? = nil,
         timeout: Duration = .seconds(120)) throws {
        process = Process()
        let galgen = [Galgen.binary, "serve", "--port", "0"] + arguments
        switch fileLimit {
        case nil:
            process.executableURL = URL(fileURLWithPath: galgen[0])
            process.arguments = Array(galgen.dropFirst())
        case let .soft(count), let .softAndHard(count):
            // `exec` keeps the pid, so signals still reach galgen.
            let flags = if case .soft = fileLimit { "-S -n" } else { "-n" }
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit \(flags) \(count) && exec \"$0\" \"$@\""] + galgen
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        errorLog = NSTemporaryDirectory() + "galgen-serve-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line = ""
        let deadline = ContinuousClock.now + timeout
        let reader = out.fileHandleForReading
        while !line.contains("\n") {
            guard ContinuousClock.now < deadline, process.isRunning || !line.isEmpty else { break }
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = line.firstMatch(of: /at (http:\/\/[^ ]+:(\d+)\/\S*)/), let port = Int(match.output.2) else {
            process.terminate()
            throw ServeFailure.didNotStart(stdout: line, stderr: (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "")
        }
        self.port = port
        self.url = String(match.output.1)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: errorLog)
    }

    /// Everything it printed to standard error so far.
    var log: String { (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? "" }

    func get(_ target: String, method: String = "GET", headers: [String: String] = [:], host: String? = nil,
             timeout: Duration = .seconds(10)) throws -> RawHTTP.Response {
        try RawHTTP.request(port: port, target, method: method, headers: headers, host: host, timeout: timeout)
    }

    /// Waits until the log contains `text` (rebuild messages).
    func waitForLog(_ text: String, count: Int = 1, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if log.components(separatedBy: text).count - 1 >= count { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Ctrl-C; the exit status, or nil if it was still running after `timeout` (then killed).
    func interrupt(timeout: Duration = .seconds(10)) async -> Int32? {
        kill(process.processIdentifier, SIGINT)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }
}

enum ServeFailure: Error { case didNotStart(stdout: String, stderr: String) }

extension ServeProcess {
    /// Starts `galgen serve` in `folder`, runs `body`, then stops it with Ctrl-C and checks it
    /// stopped cleanly (status 0, no staging folder left behind).
    static func serving(_ folder: TestProject, _ arguments: [String] = [], timeout: Duration = .seconds(120),
                        _ body: (ServeProcess) async throws -> Void) async throws {
        let server = try ServeProcess(arguments, in: folder.path, timeout: timeout)
        do {
            try await body(server)
        } catch {
            _ = await server.interrupt()
            throw error
        }
        let status = await server.interrupt()
        #expect(status == 0, "Ctrl-C should stop serve with status 0, not \(status.map(String.init) ?? "still running")\n\(server.log)")
        #expect(!folder.list().contains { $0.contains("galgen-tmp") }, "no staging folder left behind")
    }
}
