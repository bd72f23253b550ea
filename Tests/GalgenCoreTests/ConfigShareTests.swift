import Testing
@testable import GalgenCore

/// gallery.yml's keys of issue 29: feeds, tags, downloads, unlisted albums, language and labels.
@Suite("gallery.yml: feeds, tags, downloads, unlisted, language")
struct ConfigShareTests {
    @Test func theDefaultsPublishNothingNew() throws {
        let gallery = try #require(parseGallery("title: T\nimages:\n  - a.jpg\n"))
        #expect(gallery.feeds == FeedSettings(enabled: true, limit: 50, asked: false))
        #expect(gallery.tags == TagSettings(enabled: true, people: false))
        #expect(gallery.downloads == .none)
        #expect(gallery.language == SiteLanguage(tag: "en", overrides: [:]))
        #expect(gallery.albums[0].unlisted == false && gallery.albums[0].images[0].tags == [])
    }

    @Test func everyKeyIsRead() throws {
        let yaml = """
        title: T
        feeds: {limit: 20}
        tags: {people: true}
        downloads: zip
        language: pt-BR
        labels: {download: Baixar}
        albums:
          - title: Family
            unlisted: true
            downloads: false
            images:
              - src: a.jpg
                tags: [" Beach ", Sea, Beach]
              - src: photos/
                tags: Holiday
          - title: Friends
            unlisted: k3j9x0q2ma
            images: [b.jpg]
        """
        let gallery = try #require(parseGallery(yaml))
        #expect(gallery.feeds == FeedSettings(enabled: true, limit: 20, asked: true))
        #expect(gallery.tags.people && gallery.tags.enabled)
        #expect(gallery.downloads == .zip)
        #expect(gallery.language == SiteLanguage(tag: "pt-BR", overrides: ["download": "Baixar"]))
        let (family, friends) = (gallery.albums[0], gallery.albums[1])
        #expect(family.unlisted && family.unlistedToken == nil && family.downloads == AlbumDownloads.none)
        #expect(friends.unlisted && friends.unlistedToken == "k3j9x0q2ma" && friends.downloads == nil)
        #expect(family.images[0].tags == ["Beach", "Sea"])
        #expect(family.groups.first?.value.tags == ["Holiday"])
    }

    @Test func offSwitches() throws {
        let gallery = try #require(parseGallery("feeds: false\ntags: false\ndownloads: none\nimages: [a.jpg]\n"))
        #expect(!gallery.feeds.enabled && gallery.feeds.asked && !gallery.tags.enabled && gallery.downloads == .none)
    }

    @Test(arguments: [
        ("language: english\n", "language", "a language tag such as en, de"),
        ("language: d\n", "language", "a language tag"),
        ("labels: {donwload: Get}\n", "donwload", "did you mean 'download'"),
        ("labels: {download: \"  \"}\n", "labels.download", "some text"),
        ("downloads: zipp\n", "downloads", "did you mean 'zip'"),
        ("feeds: {limit: 0}\n", "feeds.limit", "1"),
        ("tags: {faces: true}\n", "faces", "people"),
        ("albums:\n  - title: A\n    unlisted: secret\n", "unlisted", "true, false, or the 10 letters and digits"),
        ("albums:\n  - title: A\n    unlisted: ABCDEFGHIJ\n", "unlisted", "10 letters and digits"),
    ])
    func mistakesSayWhatAndHowToFixThem(_ yaml: String, _ key: String, _ hint: String) throws {
        let errors = parseErrors(yaml)
        #expect(errors.count == 1)
        let message = try #require(errors.first).message
        #expect(message.contains(key) && message.contains(hint), "\(message)")
    }
}
