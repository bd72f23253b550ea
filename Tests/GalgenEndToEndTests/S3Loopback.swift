import Foundation

/// An S3 server on loopback (moto_server, from the test venv) with one bucket, and the
/// environment under which rclone reaches it as the remote `test:` and nothing else: no
/// rclone.conf of the user's, no `AWS_*` variable (rclone's S3 client refuses `AWS_CA_BUNDLE`).
struct S3Loopback {
    static let motoServer = Galgen.packageRoot + "/.build/test-venv/bin/moto_server"
    static let rclone = ["/usr/bin/rclone", "/usr/local/bin/rclone", "/opt/homebrew/bin/rclone"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let process: Process
    let port: Int
    let environment: [String: String]

    /// Starts moto_server on a free port (trying a few) and creates `bucket` with rclone.
    static func start(bucket: String, scratch: String) async throws -> S3Loopback {
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: motoServer)
            process.arguments = ["-H", "127.0.0.1", "-p", String(port)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if try await answers(port: port, while: process) {
                let server = S3Loopback(process: process, port: port, environment: environment(port: port, scratch: scratch))
                let made = try await server.run([rclone ?? "rclone", "mkdir", "test:" + bucket], in: scratch)
                guard made.status == 0 else { server.stop(); throw Failure(message: "rclone mkdir test:\(bucket): \(made.stderr)") }
                return server
            }
            S3Loopback(process: process, port: port, environment: [:]).stop()
        }
        throw Failure(message: "moto_server did not start on 127.0.0.1 (five ports tried)")
    }

    /// Whether the server answers HTTP within 30 s; false at once when it exits (its port taken).
    private static func answers(port: Int, while process: Process) async throws -> Bool {
        for _ in 0..<300 {
            guard process.isRunning else { return false }
            if (try? RawHTTP.request(port: port, "/", timeout: .seconds(2))) != nil { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// This process's environment without AWS's and rclone's settings, plus the remote `test:`.
    static func environment(port: Int, scratch: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AWS_") && !$0.key.hasPrefix("RCLONE_") }
        let remote = ["TYPE": "s3", "PROVIDER": "Other", "ENDPOINT": "http://127.0.0.1:\(port)", "ACCESS_KEY_ID": "test",
                      "SECRET_ACCESS_KEY": "test", "REGION": "us-east-1", "FORCE_PATH_STYLE": "true"]
        for (option, value) in remote { environment["RCLONE_CONFIG_TEST_" + option] = value }
        environment["RCLONE_CONFIG"] = scratch + "/rclone.conf"  // not there: no remote but `test:`
        return environment
    }

    /// Killed outright: it keeps everything in memory, and on SIGTERM it can wait for a
    /// connection thread for ever.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs a program (a recipe's script, rclone) in `directory` with the server's environment
    /// plus `extra`, off Swift's cooperative threads; its output goes through files, so no pipe
    /// fills. Stopped after five minutes, so a hang fails the test instead of stopping it.
    func run(_ command: [String], in directory: String, extra: [String: String] = [:]) async throws -> Galgen.Result {
        let environment = environment.merging(extra) { $1 }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self.run(command, in: directory, environment: environment) })
            }
        }
    }

    private static func run(_ command: [String], in directory: String, environment: [String: String]) throws -> Galgen.Result {
        let output = NSTemporaryDirectory() + "galgen-s3-" + UUID().uuidString
        FileManager.default.createFile(atPath: output + ".out", contents: nil)
        FileManager.default.createFile(atPath: output + ".err", contents: nil)
        defer { for suffix in [".out", ".err"] { try? FileManager.default.removeItem(atPath: output + suffix) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output + ".out")
        process.standardError = FileHandle(forWritingAtPath: output + ".err")
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(300), execute: deadline)
        process.waitUntilExit()
        deadline.cancel()
        let read = { (suffix: String) in String(decoding: FileManager.default.contents(atPath: output + suffix) ?? Data(), as: UTF8.self) }
        return Galgen.Result(status: process.terminationStatus, stdout: read(".out"), stderr: read(".err"))
    }

    /// Every file under a remote path, relative to it, sorted.
    func files(_ remotePath: String, scratch: String) async throws -> [String] {
        let listed = try await run([Self.rclone ?? "rclone", "lsf", "-R", "--files-only", remotePath], in: scratch)
        guard listed.status == 0 else { throw Failure(message: "rclone lsf \(remotePath): \(listed.stderr)") }
        return listed.stdout.split(separator: "\n").map(String.init).sorted()
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
