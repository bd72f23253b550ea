import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

@Suite("rights: and the rights line")
struct RightsTests {
    func gallery(_ text: String) throws -> Gallery { try ConfigParser.parse(text, directory: "/site") }

    @Test func fieldByFieldTheNearestWinsThenTheFile() throws {
        let parsed = try gallery("""
            rights: { creator: Ann Lee, license: "https://creativecommons.org/licenses/by/4.0/" }
            albums:
              - title: One
                rights: { copyright: © 2024 Ann Lee }
                images:
                  - src: a.jpg
                    rights: { creator: Ben Ng, acquire_license_page: "https://example.com/buy" }
                  - b.jpg
            """)
        let album = parsed.albums[0]
        let first = album.images[0].rights.over(album.rights.over(parsed.rights))
        #expect(first == RightsSettings(creator: "Ben Ng", copyright: "© 2024 Ann Lee",
                                        license: "https://creativecommons.org/licenses/by/4.0/", acquireLicensePage: "https://example.com/buy"))
        let second = album.images[1].rights.over(album.rights.over(parsed.rights))
        let file = EmbeddedRights(creator: "From the file", copyright: "© the file", webStatement: "https://example.org/terms")
        #expect(second.resolved(with: file).creator == "Ann Lee" && second.resolved(with: file).copyright == "© 2024 Ann Lee")
        #expect(RightsSettings().resolved(with: file) == RightsSettings(creator: "From the file", copyright: "© the file",
                                                                         license: "https://example.org/terms"))
    }

    @Test func anAcquirePageMustBeAnAddressAndUnknownKeysAreRefused() {
        for (text, said) in [("rights: { acquire_license_page: buy it here }\nimages: [a.jpg]\n", "acquire_license_page"),
                             ("rights: { licence: CC BY }\nimages: [a.jpg]\n", "did you mean 'license'")] {
            do {
                _ = try gallery(text)
                Issue.record("parsed: \(text)")
            } catch {
                #expect("\(error)".contains(said) && "\(error)".contains("gallery.yml:1:"), "\(error)")
            }
        }
    }

    @Test func theLineAndItsJSONLD() throws {
        let rights = RightsSettings(creator: "Ann </script><b>Lee", copyright: "© 2024 Ann Lee", license: "https://creativecommons.org/licenses/by/4.0/",
                                    acquireLicensePage: "https://example.com/buy?photo=1&size=large")
        let model = try #require(PhotoRights.model(rights, title: "Dunes", contentHref: "../images/dunes-1920.jpg", labels: .standard))
        #expect(model.parts.map(\.text) == ["© 2024 Ann Lee", "Photo: Ann </script><b>Lee", "License", "License this photo"])
        #expect(model.parts.map(\.rel) == [nil, nil, "license", nil] && model.parts.map(\.first) == [true, false, false, false])
        // Nothing inside can end the script: <, > and & are JSON escapes.
        #expect(model.jsonLD.hasPrefix("<script type=\"application/ld+json\">") && model.jsonLD.hasSuffix("</script>"))
        let json = String(model.jsonLD.dropFirst("<script type=\"application/ld+json\">".count).dropLast("</script>".count))
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["@type"] as? String == "ImageObject" && object["@context"] as? String == "https://schema.org")
        #expect(object["license"] as? String == "https://creativecommons.org/licenses/by/4.0/")
        #expect(object["acquireLicensePage"] as? String == "https://example.com/buy?photo=1&size=large")
        #expect(object["creditText"] as? String == "Ann </script><b>Lee" && object["copyrightNotice"] as? String == "© 2024 Ann Lee")
        #expect((object["creator"] as? [String: String]) == ["@type": "Person", "name": "Ann </script><b>Lee"])
        #expect(object["contentUrl"] as? String == "../images/dunes-1920.jpg")
    }

    @Test func aLicenceByNameIsTextAndNoRightsNoLine() throws {
        let model = try #require(PhotoRights.model(RightsSettings(license: "All rights reserved"), title: "x", contentHref: "x.jpg", labels: .standard))
        #expect(model.parts.map(\.text) == ["All rights reserved"] && model.parts[0].href == nil)
        #expect(!model.jsonLD.contains("\"license\""))
        #expect(PhotoRights.model(RightsSettings(), title: "x", contentHref: "x.jpg", labels: .standard) == nil)
    }
}
