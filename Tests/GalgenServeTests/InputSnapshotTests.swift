import Foundation
import Testing
@testable import GalgenServe

@Suite struct InputSnapshotTests {
    typealias Stamp = InputSnapshot.Stamp

    @Test func changesAreAddedRemovedAndModifiedPaths() {
        let before = InputSnapshot(["/g.yml": Stamp(size: 1, modified: 1, inode: 1), "/a.jpg": Stamp(size: 5, modified: 1, inode: 2), "/gone.jpg": nil])
        let after = InputSnapshot(["/g.yml": Stamp(size: 1, modified: 2, inode: 1), "/b.jpg": Stamp(size: 5, modified: 1, inode: 3), "/gone.jpg": nil])
        #expect(before.changes(to: after) == ["/a.jpg", "/b.jpg", "/g.yml"])
        #expect(before.changes(to: before).isEmpty)
    }

    @Test func aFileReplacedByRenameIsAChangeEvenWithTheSameSizeAndTime() {
        let before = InputSnapshot(["/g.yml": Stamp(size: 1, modified: 1, inode: 1)])
        let after = InputSnapshot(["/g.yml": Stamp(size: 1, modified: 1, inode: 9)])
        #expect(before.changes(to: after) == ["/g.yml"])
    }

    @Test func aNewWatchListKeepsWhatWasSeenForKnownPaths() {
        let seen = InputSnapshot(["/g.yml": Stamp(size: 1, modified: 1, inode: 1), "/old.jpg": Stamp(size: 1, modified: 1, inode: 2)])
        let fresh = InputSnapshot(["/g.yml": Stamp(size: 2, modified: 2, inode: 1), "/new.jpg": Stamp(size: 3, modified: 3, inode: 3)])
        let carried = seen.carried(into: fresh)
        #expect(carried == InputSnapshot(["/g.yml": Stamp(size: 1, modified: 1, inode: 1), "/new.jpg": Stamp(size: 3, modified: 3, inode: 3)]))
        // gallery.yml changed during the rebuild: the next poll still sees it.
        #expect(carried.changes(to: fresh) == ["/g.yml"])
    }

    /// A template folder is watched as the build reads it (`InputStamps`): its listing and its own
    /// files, not its subfolders' contents nor dot files.
    @Test func theWatcherSeesATemplateFolderAsTheBuildReadsItAndMissingFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/template/partials", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "a".write(toFile: folder + "/gallery.yml", atomically: false, encoding: .utf8)
        try "t".write(toFile: folder + "/template/page.mustache", atomically: false, encoding: .utf8)
        try "n".write(toFile: folder + "/template/partials/nested.mustache", atomically: false, encoding: .utf8)
        try "swap".write(toFile: folder + "/template/.page.mustache.swp", atomically: false, encoding: .utf8)
        let watcher = InputWatcher(paths: [folder + "/gallery.yml", folder + "/template", folder + "/missing.jpg"],
                                   interval: .milliseconds(20), settle: .milliseconds(20))
        let known = watcher.snapshot()
        #expect(Set(known.stamps.keys) == [folder + "/gallery.yml", folder + "/template/", folder + "/template/page.mustache",
                                           folder + "/template/partials", folder + "/missing.jpg"])
        #expect(known.stamps[folder + "/missing.jpg"] == .some(nil))

        let change = Task { try await watcher.nextChange(after: known) }
        try await Task.sleep(for: .milliseconds(50))
        try "photo".write(toFile: folder + "/missing.jpg", atomically: false, encoding: .utf8)
        try "new".write(toFile: folder + "/template/page.mustache", atomically: true, encoding: .utf8)
        let (_, changed) = try await change.value
        #expect(changed == [folder + "/missing.jpg", folder + "/template/page.mustache"])
    }
}

extension InputSnapshotTests {
    @Test func filesChangedDuringTheFirstBuildAreReportedByTheNextPoll() {
        let snapshot = InputSnapshot([
            "/old.jpg": Stamp(size: 1, modified: 10, changed: 10, inode: 1),
            "/edited.yml": Stamp(size: 1, modified: 25, changed: 25, inode: 2),
            "/renamed.jpg": Stamp(size: 1, modified: 5, changed: 30, inode: 3),
            "/missing.jpg": nil,
        ])
        let known = snapshot.forgettingChanges(since: 20)
        #expect(known.changes(to: snapshot) == ["/edited.yml", "/renamed.jpg"])
    }

    @Test func aPhotoFolderChangedDuringTheFirstBuildIsReportedUnlessItHoldsTheSite() {
        let listing = Stamp(size: 3, modified: 0x5eed, changed: 0, inode: 9)
        let snapshot = InputSnapshot(["/g/photos/": listing, "/g/": listing, "/g/still/": listing])
        let modified = ["/g/photos/": Int64(25), "/g/still/": 5]
        // "/g/" holds _site: galgen's own swap changed it, so it says nothing (nil).
        let known = snapshot.forgettingChanges(since: 20) { modified[$0] }
        #expect(known.changes(to: snapshot) == ["/g/photos/"])
    }
}
