import Synchronization
import Testing
@testable import GalgenCore

/// Sidecars are looked for with one listing per folder: only names the listing holds (folded:
/// NFC, lower case) are asked about, and a folder that cannot be listed asks about every name.
@Suite("Sidecar names from one listing per folder")
struct SidecarNamesTests {
    final class Listings: Sendable {
        let asked = Mutex<[String]>([])
        let folders: [String: [String]]
        init(_ folders: [String: [String]]) { self.folders = folders }
        func list(_ folder: String) -> [String]? {
            asked.withLock { $0.append(folder) }
            return folders[folder]
        }
    }

    @Test func onlyNamesInTheListingAreAskedAboutAndEachFolderIsListedOnce() {
        let listings = Listings(["photos/": ["IMG_1.jpg", "IMG_1.jpg.yml", "IMG_2.jpg", "Café.txt"]])
        var names = SidecarNames(list: listings.list)
        let asked = ["IMG_1.jpg.yml", "IMG_1.yml", "IMG_2.jpg.yml", "img_1.JPG.YML", "Cafe\u{301}.txt"].map {
            names.mayHold($0, in: "photos/")
        }
        // Folded: a file system that ignores case or normalisation would find the last two by name.
        #expect(asked == [true, false, false, true, true])
        #expect(listings.asked.withLock { $0 } == ["photos/"])
    }

    @Test func aFolderThatCannotBeListedMayHoldAnyName() {
        let listings = Listings([:])
        var names = SidecarNames(list: listings.list)
        let asked = ["IMG_1.jpg.yml", "IMG_1.txt"].map { names.mayHold($0, in: "gone/") }
        #expect(asked == [true, true])
        #expect(listings.asked.withLock { $0 } == ["gone/"])
    }
}
