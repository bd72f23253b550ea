import Crypto
import Foundation

/// Runs the built `galgen` binary as a user would.
enum Galgen {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static var binary: String {
        let candidates = [".build/debug/galgen", ".build/release/galgen"].map { packageRoot + "/" + $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The status of a run killed after `killedAfter` seconds.
    static let killed: Int32 = -9

    /// Runs galgen (or `program`, such as a tracer that runs galgen); with `killedAfter`, a run that hangs is killed then (status `killed`), so it
    /// fails a test instead of stopping the test run.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                    killedAfter seconds: Int? = nil, program: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program ?? binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        if let seconds { DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: deadline) }
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        let status = process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        return Result(status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension Galgen {
    /// `run` off Swift's cooperative threads, so an in-process test server keeps answering.
    static func runAsync(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                         killedAfter seconds: Int? = nil, program: String? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result {
                    try run(arguments, in: directory, environment: environment, killedAfter: seconds, program: program)
                })
            }
        }
    }
}

/// Site files named after their content: `images/wide-200.3f2a9c1e.jpg`, `assets/gallery.3f2a9c1e.css`.
enum Fingerprints {
    /// The placeholder that stands for a fingerprint in expected names: `images/wide-200.<fp>.jpg`.
    static let placeholder = "<fp>"

    /// The name with its fingerprint (eight lowercase hex digits before the extension) replaced
    /// by `<fp>`; other names are unchanged, so they cannot match an expected fingerprinted name.
    static func masked(_ path: String) -> String {
        path.replacing(/\.[0-9a-f]{8}(\.[a-z]+)$/) { "." + placeholder + $0.output.1 }
    }

    /// Every name masked, sorted.
    static func masked(_ paths: [String]) -> [String] { paths.map(masked).sorted() }

    /// The actual name among `paths` that `expected` (with `<fp>`) stands for.
    static func actual(_ expected: String, in paths: [String]) -> String? {
        paths.first { masked($0) == expected }
    }

    /// The fingerprint in a name, if it has one.
    static func fingerprint(of path: String) -> String? {
        path.firstMatch(of: /\.([0-9a-f]{8})\.[a-z]+$/).map { String($0.output.1) }
    }

    /// Fingerprinted files under `root` whose fingerprint is not the start of the SHA-256 of their bytes.
    static func mismatched(under root: String) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        return paths.sorted().filter { path in
            guard let fingerprint = fingerprint(of: path) else { return false }
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { return true }
            let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            return !digest.hasPrefix(fingerprint)
        }
    }
}

extension Galgen {
    /// Starts the binary in the background (standard error discarded), for tests that
    /// interrupt or kill it; wait for it with `wait(for:)`.
    static func start(_ arguments: [String], in directory: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
