import Dispatch
import GalgenCore
import Synchronization

extension SiteOutput {
    /// This output with each batch written on a thread of its own, so the build presents and
    /// renders the next batch while the writer links and writes this one. At most `depth`
    /// batches wait to be written (the site is never held whole in memory); batches are written
    /// in the order added. The first error is thrown by the next `add` or by `finish`, and no
    /// batch is written after it; `finish` and `cancel` first wait for the batches handed over.
    public func inBackground(depth: Int = 2) -> SiteOutput {
        let writer = BackgroundWriter(self, depth: depth)
        return SiteOutput(add: writer.add, finish: writer.finish, cancel: writer.cancel, unlisted: writer.unlisted)
    }
}

private final class BackgroundWriter: Sendable {
    private let output: SiteOutput
    private let queue = DispatchQueue(label: "galgen.site-writer")
    private let slots: DispatchSemaphore
    private let failure = Mutex<(any Error)?>(nil)

    init(_ output: SiteOutput, depth: Int) {
        self.output = output
        slots = DispatchSemaphore(value: max(1, depth))
    }

    func add(_ files: [OutputFile]) throws {
        try throwFailure()
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure.withLock({ $0 == nil }) else { return }
            do {
                try output.add(files)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
    }

    func unlisted(_ folders: [String]) {
        queue.sync { output.unlisted(folders) }
    }

    func finish() throws -> Bool {
        queue.sync {}
        try throwFailure()
        return try output.finish()
    }

    func cancel() {
        queue.sync {}
        output.cancel()
    }

    private func throwFailure() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
