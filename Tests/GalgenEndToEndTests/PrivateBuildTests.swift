import Foundation
import GalgenCrypto
import GalgenIO
import GalgenTestSupport
import Testing

/// `private:` with the real binary: a missing password stops the build (exit 2, nothing written),
/// the album's folder holds only sealed files and the entry page, what is sealed opens with the
/// key of any listed password and is every page and picture of the album, nothing public names
/// or shows it, and a rebuild from the same cache writes nothing (the sealing is deterministic).
struct PrivateBuildTests {
    static let gallery = """
    title: Our year
    base_url: https://photos.example.com/
    thumbnails: { widths: [320] }
    albums:
      - title: Spring
        images:
          - { src: photos/harbour.jpg, tags: [sea] }
      - title: Family secrets
        description: Only for the family.
        private:
          password_env: [GALGEN_FAMILY, GALGEN_GRANDPARENTS]
          password_file: secret.txt
        images:
          - { src: photos/dunes.jpg, title: Grandma at the dunes, tags: [family] }
          - { src: photos/harbour.jpg, caption: The harbour again }
    """
    static let photos = ["harbour.jpg": "orientation/Landscape_1.jpg", "dunes.jpg": "orientation/Landscape_3.jpg"]
    static let environment = ["GALGEN_FAMILY": "correct horse battery staple", "GALGEN_GRANDPARENTS": "short"]

    static func project() throws -> TestProject {
        let project = try TestProject(gallery, photos: photos)
        try "a password from a file\n".write(toFile: project.path("secret.txt"), atomically: true, encoding: .utf8)
        return project
    }

    /// Each file of a folder by name, with its modification time and size.
    static func stamps(_ folder: String) throws -> [String: String] {
        var stamps: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            stamps[name] = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \(attributes[.size] ?? 0)"
        }
        return stamps
    }

    /// Every file of the site by its path.
    static func contents(_ project: TestProject) throws -> [String: Data] {
        let root = project.path("_site")
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) where !FileManager.default.isDirectory(root + "/" + path) {
            files[path] = FileManager.default.contents(atPath: root + "/" + path)
        }
        return files
    }

    static func folder(_ project: TestProject) throws -> String {
        try #require(TestProject.names(in: project.path("_site")).first { $0.hasPrefix("p-") })
    }

    @Test func aMissingOrEmptyPasswordStopsTheBuildWithStatus2AndWritesNothing() async throws {
        let project = try Self.project()
        let missing = try await project.buildWithBinary(environment: ["GALGEN_FAMILY": "correct horse battery staple"])
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("the environment variable GALGEN_GRANDPARENTS, which is not set"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path("_site")))
        let empty = try await project.buildWithBinary(environment: ["GALGEN_FAMILY": "", "GALGEN_GRANDPARENTS": "x"])
        #expect(empty.status == 2 && empty.stderr.contains("GALGEN_FAMILY, which is empty"), "\(empty.stderr)")
        try FileManager.default.removeItem(atPath: project.path("secret.txt"))
        let noFile = try await project.buildWithBinary(environment: Self.environment)
        #expect(noFile.status == 2 && noFile.stderr.contains("the file secret.txt, which cannot be read"), "\(noFile.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path("_site")))
    }

    @Test func everyFileIsSealedAndOpensWithTheKeyAndNothingPublicShowsIt() async throws {
        let project = try Self.project()
        let built = try await project.buildWithBinary(environment: Self.environment)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("has 5 characters"), "a weak password is warned of: \(built.stderr)")
        let folder = try Self.folder(project)
        #expect(folder.count == 2 + 22)
        #expect((built.stdout + built.stderr).contains("Private album 'Family secrets' is at \(folder)/"), "the address is said once")
        let names = TestProject.names(in: project.path("_site/" + folder))
        let sealed = names.filter { $0.hasSuffix(".bin") }
        #expect(Set(names).subtracting(sealed) == ["index.html", "sw.js", "private.open.js", "private.entry.js", "private.css"])
        #expect(sealed.allSatisfy { $0.count == 64 + 4 })

        // Each password's record opens the key; the key opens every sealed file; the manifest
        // lists the album's pages and pictures.
        let entry = try #require(project.siteFile(folder + "/index.html"))
        let recordsJSON = try #require(entry.components(separatedBy: "<script type=\"application/json\" id=\"records\">").last?
            .components(separatedBy: "</script>").first)
        let records = try JSONDecoder().decode([PasswordRecord].self, from: Data(recordsJSON.utf8))
        #expect(records.count == 3 && records.allSatisfy { $0.iterations >= 600_000 })
        let key = try records[0].unwrap(password: "correct horse battery staple", album: folder)
        #expect(try records[2].unwrap(password: "a password from a file", album: folder) == key)
        #expect(throws: CryptoError.self) { try records[1].unwrap(password: "correct horse battery staple", album: folder) }
        var opened: [String: [UInt8]] = [:]
        for name in sealed {
            let bytes = try #require(FileManager.default.contents(atPath: project.path("_site/\(folder)/\(name)")))
            opened[name] = try SealedFile.open(Array(bytes), contentKey: key)
        }
        let manifestName = SealedFile.name(of: "manifest", contentKey: key)
        let manifestBytes = try #require(opened[manifestName])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(manifestBytes)) as? [String: Any])
        let files = try #require(manifest["files"] as? [String: [Any]])
        let albumPage = try #require(files["index.html"]?.first as? String)
        let albumBytes = try #require(opened[albumPage])
        let html = String(decoding: albumBytes, as: UTF8.self)
        #expect(html.contains("Family secrets") && html.contains("Only for the family."))
        #expect(files.keys.contains { $0.hasPrefix("grandma-at-the-dunes/") } && files.keys.contains { $0.hasSuffix(".jpg") })
        #expect(files.count == sealed.count - 1)

        // Outside the folder: none of its words, its address or its pictures' bytes.
        let publicFiles = try FileManager.default.subpathsOfDirectory(atPath: project.path("_site")).filter {
            !$0.hasPrefix(folder) && !FileManager.default.isDirectory(project.path("_site/" + $0))
        }
        let pictures = Set(opened.values.filter { $0.starts(with: [0xFF, 0xD8]) || $0.count > 4 && $0[4...7].elementsEqual(Array("ftyp".utf8)) }
            .map { Data($0) })
        #expect(!pictures.isEmpty)
        for path in publicFiles {
            let bytes = try #require(FileManager.default.contents(atPath: project.path("_site/" + path)))
            let text = String(decoding: bytes, as: UTF8.self)
            for word in ["Family secrets", "Only for the family", "Grandma", "harbour again", "family", folder] {
                #expect(!text.contains(word), "\(word) in \(path)")
            }
            if pictures.contains(bytes) && !path.hasPrefix("images/spring/") { Issue.record("a private picture at \(path)") }
        }
        #expect(project.read(".galgen-cache/private.json")?.contains(folder.dropFirst(2)) == true)
        let mode = try FileManager.default.attributesOfItem(atPath: project.path(".galgen-cache/private.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // The same cache: the same bytes, nothing written, nothing sealed again (the sealed files
        // kept in the cache are used as they are).
        let store = project.path(".galgen-cache/sealed")
        let keptStamps = try Self.stamps(store)
        #expect(keptStamps.count == 2 * (sealed.count - 1), "a .bin and a .json per sealed file but the manifest")
        let before = try Self.contents(project)
        let again = try await project.buildWithBinary(environment: Self.environment)
        let after = try Self.contents(project)
        #expect(before == after, "changed: \(Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted())")
        #expect(again.status == 0 && (again.stdout + again.stderr).contains("nothing changed"), "\(again.stdout)\(again.stderr)")
        #expect(!(again.stdout + again.stderr).contains("Private album"))
        #expect(try Self.stamps(store) == keptStamps)

        // A kept sealed file damaged on disk is not used: it is sealed again, and the site is the same.
        let damaged = try #require(keptStamps.keys.first { $0.hasSuffix(".bin") })
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: store + "/" + damaged))
        let mended = try await project.buildWithBinary(environment: Self.environment)
        #expect(mended.status == 0)
        #expect(try Self.contents(project) == after)
    }

    /// A changed password reaches the page though no file changed (such a build is never skipped
    /// as up to date): the new one opens the album, the old one no longer does, and the key, the
    /// address and every sealed file stay as they were.
    @Test func aChangedPasswordReachesThePageWithoutAnyOtherChange() async throws {
        let project = try Self.project()
        #expect(try await project.buildWithBinary(environment: Self.environment).status == 0)
        let folder = try Self.folder(project)
        let before = try Self.contents(project)
        var changed = Self.environment
        changed["GALGEN_FAMILY"] = "a brand new family password"
        let rebuilt = try await project.buildWithBinary(environment: changed)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let after = try Self.contents(project)
        #expect(try Self.folder(project) == folder)
        #expect(Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted() == [".galgen-site", folder + "/index.html"])
        let entry = try #require(project.siteFile(folder + "/index.html"))
        let json = try #require(entry.components(separatedBy: "id=\"records\">").last?.components(separatedBy: "</script>").first)
        let records = try JSONDecoder().decode([PasswordRecord].self, from: Data(json.utf8))
        #expect(throws: CryptoError.self) { try records[0].unwrap(password: "correct horse battery staple", album: folder) }
        #expect((try? records[0].unwrap(password: "a brand new family password", album: folder)) != nil)
    }

    /// The strongest leak test: the public site is byte for byte the site of the same gallery
    /// without the private album (only the site's own marker differs, which lists the files).
    /// Whatever the album holds, its words, pictures, placeholders, tags or address, none of it
    /// changes a public file.
    @Test func thePublicSiteIsTheSiteWithoutThePrivateAlbum() async throws {
        let project = try Self.project()
        let built = try await project.buildWithBinary(environment: Self.environment)
        #expect(built.status == 0, "\(built.stderr)")
        let folder = try Self.folder(project)
        let without = try TestProject(String(Self.gallery.prefix(upTo: try #require(Self.gallery.range(of: "  - title: Family secrets")).lowerBound)),
                                      photos: Self.photos)
        let plain = try await without.buildWithBinary()
        #expect(plain.status == 0, "\(plain.stderr)")
        let withPrivate = try Self.contents(project).filter { !$0.key.hasPrefix(folder + "/") && $0.key != ".galgen-site" }
        let publicOnly = try Self.contents(without).filter { $0.key != ".galgen-site" }
        #expect(Set(withPrivate.keys) == Set(publicOnly.keys))
        #expect(withPrivate.keys.filter { withPrivate[$0] != publicOnly[$0] }.sorted() == [])
    }

    /// Public, unlisted and private albums together, one photo in all three and one in the
    /// unlisted and the private: no file outside the unlisted album's folders names its token or
    /// words, none outside the private folder names its words or address, and no private-only
    /// photo has a file in the clear; zips only for the public and the unlisted album in the clear.
    @Test func publicUnlistedAndPrivateAlbumsTogetherKeepTheirWordsApart() async throws {
        let gallery = """
        title: Our year
        base_url: https://example.com/
        downloads: zip
        viewer: { originals: true }
        thumbnails: { widths: [320] }
        albums:
          - title: Spring
            images:
              - { src: photos/harbour.jpg, tags: [sea] }
          - title: Cousins hideout
            unlisted: true
            images:
              - { src: photos/tower.jpg, title: Zanzibar lighthouse, tags: [cousinstag] }
              - { src: photos/harbour.jpg, caption: Harbour seen by the cousins }
          - title: Family secrets
            description: Quokka description
            private: { password_env: GALGEN_FAMILY }
            images:
              - { src: photos/dunes.jpg, title: Grandma Wilhelmina, tags: [familytag] }
              - { src: photos/boats.jpg, caption: Boats of uncle Bartholomew }
              - { src: photos/tower.jpg, caption: Tower again privately }
              - { src: photos/harbour.jpg }
        """
        let project = try TestProject(gallery, photos: ["harbour.jpg": "orientation/Landscape_1.jpg", "dunes.jpg": "orientation/Landscape_3.jpg",
                                                        "tower.jpg": "orientation/Portrait_1.jpg", "boats.jpg": "photos/dn_canon_a2500.jpg"])
        let built = try await project.buildWithBinary(environment: Self.environment)
        #expect(built.status == 0, "\(built.stderr)")
        let privateFolder = try Self.folder(project)
        let unlisted = try #require(TestProject.names(in: project.path("_site")).first { $0.hasPrefix("cousins-hideout-") })
        let token = String(unlisted.dropFirst("cousins-hideout-".count))
        let files = try Self.contents(project).filter { $0.key != ".galgen-site" }
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            if !path.hasPrefix(privateFolder + "/") {
                for word in ["Family secrets", "Quokka", "Wilhelmina", "Bartholomew", "familytag", "Tower again", privateFolder] {
                    #expect(!text.contains(word), "\(word) in \(path)")
                }
                #expect(!path.contains("dunes") && !path.contains("boats"), "a private-only photo's file: \(path)")
            }
            if !path.hasPrefix(unlisted + "/") && !path.hasPrefix("images/" + unlisted + "/") {
                for word in [token, "Zanzibar", "cousinstag", "Cousins hideout", "seen by the cousins"] {
                    #expect(!text.contains(word), "\(word) in \(path)")
                }
            }
        }
        #expect(Set(files.keys.filter { $0.hasSuffix(".zip") }.map { String($0.split(separator: "/")[0]) }) == ["spring", unlisted])
        // The originals of the public photo are public; the private album's are sealed with it.
        #expect(files.keys.contains { $0.hasPrefix("images/spring/harbour") && $0.contains("original") || $0.hasPrefix("images/spring/harbour.") },
                "\(files.keys.sorted())")
    }

    @Test func aListedAlbumIsOnTheAlbumListWithALockAndWithoutTheCacheItGetsANewAddress() async throws {
        let project = try Self.project()
        try project.writeGallery(Self.gallery.replacingOccurrences(of: "password_file: secret.txt", with: "password_file: secret.txt\n      listed: true"))
        let built = try await project.buildWithBinary(environment: Self.environment)
        #expect(built.status == 0, "\(built.stderr)")
        let folder = try Self.folder(project)
        let front = try #require(project.siteFile("index.html"))
        #expect(front.contains("Family secrets") && front.contains("\(folder)/"))
        #expect(!front.contains("Only for the family"))
        try FileManager.default.removeItem(atPath: project.cache)
        let fresh = try await project.buildWithBinary(environment: Self.environment)
        #expect(fresh.status == 0)
        #expect(try Self.folder(project) != folder)
    }
}

private extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
