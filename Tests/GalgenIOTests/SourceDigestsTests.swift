import Foundation
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// The remembered SHA-256 of each local photo: an unchanged photo is not read again, a changed
/// one is hashed again.
struct SourceDigestsTests {
    let folder: TemporaryFolder
    let original = Array("photo, first version".utf8)

    init() throws {
        folder = try TemporaryFolder()
        try Data(original).write(to: URL(fileURLWithPath: photo))
    }

    var photo: String { folder.path + "/photo.jpg" }
    /// The memo as a build opens it: `<cache>/sources.json`, read afresh.
    func openDigests() -> SourceDigests { CacheFolder(root: folder.path + "/cache", output: folder.path + "/site").sources }

    /// The memo after one build that hashed the photo.
    func digestsAfterABuild() throws -> SourceDigests {
        let digests = openDigests()
        let first = try digests.digest(photo)
        #expect(first.digest == ContentHash.hex(original))
        // It had to read the photo: the render gets those bytes instead of reading it again.
        #expect(first.bytes == original)
        try digests.finish()
        return digests
    }

    @Test func anUnchangedPhotoIsNotReadAgain() throws {
        let digests = try digestsAfterABuild()
        // Other bytes with the stamp put back: reading the file would give another digest.
        try FileEdit.overwriteKeepingStamp(photo, with: Array("PHOTO".utf8))
        #expect(try digests.digest(photo).digest == ContentHash.hex(original))
        #expect(try digests.digest(photo).bytes == nil, "a remembered digest needs no read")
        #expect(try openDigests().digest(photo).digest == ContentHash.hex(original), "sources.json did not remember the photo")
    }

    @Test("A changed photo is hashed again", arguments: ["same size, later", "longer"])
    func aChangedPhotoIsHashedAgain(_ change: String) throws {
        let digests = try digestsAfterABuild()
        if change == "longer" {
            try Data("photo, second and longer version".utf8).write(to: URL(fileURLWithPath: photo))
        } else {
            try FileEdit.editInPlace(photo, with: Array("PHOTO".utf8))
        }
        let changed = ContentHash.hex(Array(try Data(contentsOf: URL(fileURLWithPath: photo))))
        #expect(changed != ContentHash.hex(original))
        #expect(try openDigests().digest(photo).digest == changed)
        #expect(try digests.digest(photo).digest == changed)
        // The new digest is what the next build remembers.
        try digests.finish()
        #expect(try String(contentsOfFile: folder.path + "/cache/sources.json", encoding: .utf8).contains(changed))
    }

    @Test func aMissingPhotoSaysSo() {
        #expect { try openDigests().digest(folder.path + "/missing.jpg") } throws: { "\($0)".contains("no such file") }
    }
}

/// A record written before galgen published animated PNG and WebP as videos called them photos:
/// such a PNG or WebP is read again once, any other file is not.
struct SourceDigestsAnimationTests {
    @Test func anOldRecordOfAnAnimatedWebPIsReadAgainAndOthersAreNot() throws {
        let folder = try TemporaryFolder()
        let animation = folder.path + "/spin.webp", photo = folder.path + "/photo.jpg"
        try Data(try Fixtures.bytes("formats/dn_animation_lossy_101f.webp")).write(to: URL(fileURLWithPath: animation))
        try Data("a JPEG, as far as this test goes".utf8).write(to: URL(fileURLWithPath: photo))
        let cache = CacheFolder(root: folder.path + "/cache", output: folder.path + "/site")
        let first = cache.sources
        #expect(try first.digest(animation).kind == .video)
        #expect(try first.digest(photo).kind == .photo)
        try first.finish()
        let record = folder.path + "/cache/sources.json"
        // What an older galgen wrote: the animation a photo (no kind), neither record marked.
        var text = try String(contentsOfFile: record, encoding: .utf8)
        #expect(text.contains(#""kind":"video""#))
        text = text.replacingOccurrences(of: #","kind":"video""#, with: "").replacingOccurrences(of: #","a":true"#, with: "")
            .replacingOccurrences(of: #""a":true,"#, with: "")
        #expect(!text.contains(#""a""#) && !text.contains("kind"), "\(text)")
        try text.write(toFile: record, atomically: true, encoding: .utf8)

        // The photo's other bytes under its old stamp: a record that is trusted is not read.
        try FileEdit.overwriteKeepingStamp(photo, with: Array("other bytes of the same length..".utf8))
        let second = CacheFolder(root: folder.path + "/cache", output: folder.path + "/site").sources
        let again = try second.digest(animation)
        #expect(again.kind == .video && again.bytes != nil, "the animated WebP is read again")
        let kept = try second.digest(photo)
        #expect(kept.kind == .photo && kept.bytes == nil, "a file that is no PNG or WebP is not read again")
        try second.finish()
        #expect(try String(contentsOfFile: record, encoding: .utf8).contains(#""kind":"video""#))
    }
}
