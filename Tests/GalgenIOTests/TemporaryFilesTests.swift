import Foundation
import GalgenIO
import GalgenTestSupport
import Testing

/// Temporary names: never the same twice in one process, whichever writer asks.
struct TemporaryFilesTests {
    /// The site writer, the rendition store and the last-build record each have their own
    /// `TemporaryFiles` and write into the cache folder: their names must not collide.
    @Test func twoWritersInOneFolderNeverGetTheSameName() throws {
        let folder = try TemporaryFolder()
        let first = TemporaryFiles(), second = TemporaryFiles()
        let names = (0..<50).flatMap { _ in [first.make(in: folder.path), second.make(in: folder.path)] }
        #expect(Set(names).count == names.count)
        try first.writeAtomically(Array("a".utf8), to: folder.path + "/a", durable: false)
        try second.writeAtomically(Array("b".utf8), to: folder.path + "/b", durable: false)
        #expect(folder.read("a") == "a" && folder.read("b") == "b")
    }
}
