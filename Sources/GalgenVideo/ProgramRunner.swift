import Foundation
import GalgenCore
import Synchronization

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
    /// Bytes of address space the child may map (`VideoMemory`), set before it starts; nil for none.
    var memoryLimit: Int? = nil

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

    /// Whether it failed for want of memory: an allocation failure in its words (a thread that
    /// could not start, too: its stack did not fit), or an abort or a crash (which an allocation
    /// failure can also cause).
    var ranOutOfMemory: Bool {
        guard status != 0 else { return false }
        let words = ["cannot allocate memory", "malloc of size", "insufficient resources", "out of memory", "bad_alloc",
                     "resource temporarily unavailable", "thread_encoder_init failed", "failed to map segment"]
        let text = errorText.lowercased()
        return words.contains { text.contains($0) } || status == 128 + 6 || status == 128 + 11
    }

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
        let outcome = Mutex<Result<ProgramResult, any Error>>(.failure(CancellationError()))
        started.whenDone { result in
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return try outcome.withLock { $0 }.get()
    }

    static func start(_ run: ProgramRun) throws -> StartedRun {
        let process = Process()
        let (executable, arguments) = limited(run)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SVT_LOG"] = "1"  // SVT-AV1 prints its banner whatever -loglevel says; errors only
        // glibc reserves 64 MB of address space per thread's arena; two arenas keep the mapped
        // size near what is used, so the limit measures memory, not reservations (within 2 % of
        // the time without, docs/videos.md).
        environment["MALLOC_ARENA_MAX"] = "2"
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

    /// The program as started: with a memory limit, through `/bin/sh`, which sets the limit
    /// (`ulimit -v`, RLIMIT_AS, in KiB) and then replaces itself with the program (same process,
    /// so killing it kills the program), so the program never runs a moment without its limit.
    /// Only on Linux: macOS does not enforce an address-space limit.
    static func limited(_ run: ProgramRun) -> (executable: String, arguments: [String]) {
        #if os(Linux)
        if let wanted = run.memoryLimit {
            // Never above the hard limit galgen itself runs under, which the shell cannot raise.
            var current = rlimit()
            let hard = getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &current) == 0 && current.rlim_max != rlim_t.max
                ? Int(clamping: current.rlim_max) : Int.max
            let limit = min(wanted, hard)
            let script = "ulimit -v \(max(1, limit / 1024)) || exit \(limitRefused); exec \"$0\" \"$@\""
            return ("/bin/sh", ["-c", script, run.executable] + run.arguments)
        }
        #endif
        return (run.executable, run.arguments)
    }

    /// The exit status when the shell could not set the limit (the program did not run).
    static let limitRefused: Int32 = 125
}
