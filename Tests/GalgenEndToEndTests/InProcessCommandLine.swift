import ArgumentParser
import Foundation
import GalgenTestSupport
@testable import galgen

extension Galgen {
    /// The command line run in this process as its `main` would run it: parsed by ArgumentParser,
    /// run, and an error turned into its exit status and message (help and the version to
    /// standard output, other messages to standard error).
    ///
    /// The current folder is the whole process's, so paths in `arguments` must be absolute.
    /// A build installs Ctrl-C handling for the process; it is undone afterwards.
    static func runInProcess(_ arguments: [String]) async throws -> Result {
        let (outcome, stderr) = try await StandardErrorCapture.run {
            await SignalHandling.restored { await Self.parseAndRun(arguments) }
        }
        return Result(status: outcome.status, stdout: outcome.stdout, stderr: stderr + outcome.stderr)
    }

    private static func parseAndRun(_ arguments: [String]) async -> (status: Int32, stdout: String, stderr: String) {
        do {
            var command = try galgen.Galgen.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return (0, "", "")
        } catch {
            let status = galgen.Galgen.exitCode(for: error).rawValue
            let message = galgen.Galgen.fullMessage(for: error)
            let text = message.isEmpty ? "" : message + "\n"
            return status == 0 ? (status, text, "") : (status, "", text)
        }
    }
}

/// The process's handling of SIGINT and SIGTERM, put back after an in-process build changed it.
enum SignalHandling {
    static func restored<T>(_ body: () async -> T) async -> T {
        var interrupt = sigaction(), terminate = sigaction()
        sigaction(SIGINT, nil, &interrupt)
        sigaction(SIGTERM, nil, &terminate)
        defer {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGTERM, &terminate, nil)
        }
        return await body()
    }
}
