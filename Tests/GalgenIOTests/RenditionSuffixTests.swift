import Foundation
import GalgenCore
@testable import GalgenIO
import GalgenTestSupport
import Testing

/// The rendition cache names each file by its format's suffix (it named every one `.jpg`); the
/// pipeline keeps each format's renditions under a key of their own (`RenderedFormats.split`).
struct RenditionSuffixTests {
    @Test func anAVIFRenditionIsStoredAsAVIFAndReadBack() throws {
        let folder = try TemporaryFolder()
        let layout = CacheFolder.Layout(root: folder.path + "/cache")
        let avif = Rendition(width: 4, height: 3, encoded: Array("avif bytes".utf8), format: .avif)
        let jpeg = Rendition(width: 4, height: 3, encoded: Array("jpeg bytes".utf8), format: .jpeg)
        let store = DiskRenditionStore(layout: layout, temporaries: TemporaryFiles())
        let keptAVIF = try store.keep("avif", RenderedImage(width: 4, height: 3, renditions: [avif]))
        let keptJPEG = try store.keep("jpeg", RenderedImage(width: 4, height: 3, renditions: [jpeg]))
        let avifPath = layout.renditions + "/" + avif.digest + ".avif"
        #expect(keptAVIF.renditions.map(\.content) == [.stored(path: avifPath)])
        #expect(keptJPEG.renditions.map(\.content) == [.stored(path: layout.renditions + "/" + jpeg.digest + ".jpg")])
        try store.finish(["avif", "jpeg"])

        let files = try FileManager.default.contentsOfDirectory(atPath: layout.renditions).filter { !$0.hasPrefix(".") }
        #expect(Set(files) == [jpeg.digest + ".jpg", avif.digest + ".avif"])
        let reopened = DiskRenditionStore(layout: layout, temporaries: TemporaryFiles())
        let read = try #require(reopened.lookup("avif")?.renditions.first)
        #expect(read.format == .avif && read.content == .stored(path: avifPath))
        #expect(FileManager.default.contents(atPath: avifPath) == Data("avif bytes".utf8))
        // Kept files are not pruned for their suffix; a dropped key's file is, and so is a file an
        // older galgen named `.jpg` for the same AVIF digest.
        #expect(FileManager.default.createFile(atPath: layout.renditions + "/" + avif.digest + ".jpg", contents: Data("avif bytes".utf8)))
        try reopened.finish(["avif"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.renditions).filter { !$0.hasPrefix(".") } == [avif.digest + ".avif"])
    }

    /// serve's background build, cancelled by a change, keeps what it encoded for the rebuild
    /// and forgets none of what earlier builds kept.
    @Test func aCancelledBuildSavesWhatItKeptAndRemovesNothing() throws {
        let folder = try TemporaryFolder()
        let cache = CacheFolder(root: folder.path + "/cache", output: folder.path + "/_site")
        let jpeg = Rendition(width: 4, height: 3, encoded: Array("jpeg bytes".utf8), format: .jpeg)
        _ = try cache.renditions.keep("jpeg", RenderedImage(width: 4, height: 3, renditions: [jpeg]))
        try cache.finish(used: ["jpeg"])

        let cancelled = CacheFolder(root: folder.path + "/cache", output: folder.path + "/_site")
        let avif = Rendition(width: 4, height: 3, encoded: Array("avif bytes".utf8), format: .avif)
        _ = try cancelled.renditions.keep("avif", RenderedImage(width: 4, height: 3, renditions: [avif]))
        try cancelled.saveRendered()

        let next = CacheFolder(root: folder.path + "/cache", output: folder.path + "/_site")
        #expect(next.renditions.lookup("avif")?.renditions.first?.format == .avif)
        #expect(next.renditions.lookup("jpeg")?.renditions.first?.format == .jpeg, "nothing kept before is forgotten")
    }
}
