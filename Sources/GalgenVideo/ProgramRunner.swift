import Foundation
import GalgenCore

/// One run of ffmpeg or ffprobe: the program, its arguments, how long it may take and how much
/// of its report is kept.
struct ProgramRun: Sendable {
    var executable: String
    var arguments: [String]
    /// Seconds; the child is killed after this and the run fails with `VideoToolError.timedOut`.
    var timeout: Double
    /// The first bytes of standard output kept (ffprobe's report); the rest is read and dropped.
    var outputLimit: Int = 64 << 10
    /// Each line of standard output (ffmpeg's `-progress`), on the thread that reads it.
    var onLine: (@Sendable (Substring) -> Void)?

    /// The program's name, for messages ("ffprobe").
    var name: String { (executable as NSString).lastPathComponent }
    /// The command line as a person would type it, for `--verbose`.
    var commandLine: String { ([executable] + arguments).map(ProgramRun.quoted).joined(separator: " ") }

    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_./:=+,@%".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// What a run that ended by itself left: its exit status, the kept head of standard output, the
/// last lines of standard error.
struct ProgramResult: Sendable {
    var status: Int32
    var output: [UInt8]
    var outputOverflowed: Bool
    var errorText: String

    /// The end of standard error, as much as a message needs: its last few lines, shortened.
    var errorSummary: String {
        let lines = errorText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let summary = lines.suffix(3).joined(separator: "; ")
        if summary.isEmpty { return status > 128 ? "it was ended by signal \(status - 128)" : "it exited with status \(status)" }
        return summary.count > 400 ? "…" + String(summary.suffix(400)) : summary
    }
}

/// Runs programs as children: no terminal input, both pipes drained on threads of their own
/// within bounds, killed on timeout, on task cancellation and by `FFmpegProcesses.terminateAll`.
enum ProgramRunner {
    /// Standard error kept: the end of it, where ffmpeg says what failed.
    static let errorLimit = 64 << 10

    static func run(_ run: ProgramRun) async throws -> ProgramResult {
        try Task.checkCancellation()
        let started = try start(run)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                started.whenDone { continuation.resume(with: $0) }
            }
        } onCancel: {
            started.child.kill(because: .cancelled)
        }
    }

    /// The same, blocking the calling thread (for `ffmpeg -version`, asked once).
    static func runBlocking(_ run: ProgramRun) throws -> ProgramResult {
        let started = try start(run)
        let finished = DispatchSemaphore(value: 0)
        let box = ResultBox()
        started.whenDone { result in
            box.result = result
            finished.signal()
        }
        finished.wait()
        return try box.result!.get()
    }

    private final class ResultBox: @unchecked Sendable { var result: Result<ProgramResult, any Error>? }

    static func start(_ run: ProgramRun) throws -> StartedRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: run.executable)
        process.arguments = run.arguments
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SVT_LOG"] = "1"  // SVT-AV1 prints its banner whatever -loglevel says; errors only
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw VideoToolError.failed(program: run.name, message: "it could not be started: \(error.localizedDescription)")
        }
        let started = StartedRun(run: run, child: RunningChild(process))
        started.watch(output: output.fileHandleForReading, errors: errors.fileHandleForReading)
        return started
    }
}
