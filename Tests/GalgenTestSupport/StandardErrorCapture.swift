import Foundation

/// What code run in the test process writes to standard error, for tests that run galgen's
/// command line in-process and check its messages as a user would read them.
///
/// Standard error is one per process, so captures take turns; anything else the process
/// writes meanwhile (other tests' output) is caught too and written out afterwards, so
/// nothing is lost, only delayed.
public enum StandardErrorCapture {
    private static let turns = Turnstile()

    /// Runs `body` with standard error going to a file; returns its result and what was written.
    public static func run<T: Sendable>(_ body: () async throws -> T) async throws -> (value: T, text: String) {
        await turns.enter()
        let file = NSTemporaryDirectory() + "galgen-stderr-\(UUID().uuidString)"
        let saved = redirect(to: file)
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        let text = restore(saved, from: file)
        await turns.leave()
        return (try result.get(), text)
    }

    private static func redirect(to file: String) -> Int32 {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let target = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if target >= 0 {
            dup2(target, STDERR_FILENO)
            close(target)
        }
        return saved
    }

    private static func restore(_ saved: Int32, from file: String) -> String {
        fflush(nil)
        if saved >= 0 {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        let data = FileManager.default.contents(atPath: file) ?? Data()
        try? FileManager.default.removeItem(atPath: file)
        FileHandle.standardError.write(data)
        return String(decoding: data, as: UTF8.self)
    }
}

/// An async lock: one holder at a time, the others suspended (not blocking a thread) in turn.
actor Turnstile {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
