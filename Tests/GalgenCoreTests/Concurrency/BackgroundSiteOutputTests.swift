import Foundation
import Synchronization
import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("A site output written on a thread of its own")
struct BackgroundSiteOutputTests {
    struct Failed: Error, Equatable {}

    final class Written: Sendable {
        let batches = Mutex<[[String]]>([])
        let finished = Mutex(false)
        let cancelled = Mutex(false)
        let unlisted = Mutex<[String]>([])

        func output(failingAt failing: Int? = nil, slow: Bool = false) -> SiteOutput {
            SiteOutput(add: { files in
                if slow { Thread.sleep(forTimeInterval: 0.01) }
                let count = self.batches.withLock { batches in
                    batches.append(files.map(\.path))
                    return batches.count
                }
                if count == failing { throw Failed() }
            }, finish: {
                self.finished.withLock { $0 = true }
                return true
            }, cancel: {
                self.cancelled.withLock { $0 = true }
            }, unlisted: { folders in
                self.unlisted.withLock { $0 = folders }
            })
        }
    }

    static func batch(_ index: Int) -> [OutputFile] { [OutputFile(path: "page-\(index).html", text: "\(index)")] }

    @Test func everyBatchIsWrittenInOrderBeforeFinish() throws {
        let written = Written()
        let output = written.output(slow: true).inBackground(depth: 2)
        for index in 0..<20 { try output.add(Self.batch(index)) }
        output.unlisted(["family-x/"])
        #expect(try output.finish())
        #expect(written.batches.withLock { $0 } == (0..<20).map { ["page-\($0).html"] })
        #expect(written.finished.withLock { $0 } && written.unlisted.withLock { $0 } == ["family-x/"])
    }

    @Test func theFirstErrorIsThrownByALaterAddOrByFinishAndNothingIsWrittenAfterIt() throws {
        let written = Written()
        let output = written.output(failingAt: 3).inBackground(depth: 1)
        var thrown = false
        for index in 0..<10 {
            do { try output.add(Self.batch(index)) } catch is Failed { thrown = true; break }
        }
        // depth 1: the third batch's failure is known before the fifth is handed over.
        #expect(thrown)
        #expect(throws: Failed.self) { try output.finish() }
        #expect(written.batches.withLock { $0.count } == 3 && !written.finished.withLock { $0 })
    }

    @Test func cancelWaitsForWhatWasHandedOverThenAbandons() throws {
        let written = Written()
        let output = written.output(slow: true).inBackground(depth: 4)
        for index in 0..<4 { try output.add(Self.batch(index)) }
        output.cancel()
        #expect(written.batches.withLock { $0.count } == 4 && written.cancelled.withLock { $0 })
    }
}
