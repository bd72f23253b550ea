@testable import GalgenCore
import Testing

/// The rights each source's renditions carry: one set of files serves every album that lists it,
/// so they carry its most public listing's (`Planner.renditionRights`), and a private album's
/// words never reach a file published in the clear.
struct RenditionRightsPlanTests {
    @Test func aSharedPhotoCarriesItsMostPublicListingsRightsPhotoOverAlbumOverSite() throws {
        var secret = Album(title: "Secret", slug: "secret", images: [Fixture.image("shared"), Fixture.image("only-secret")])
        secret.privateAccess = PrivateAccess(passwords: [.environment("P")])
        secret.rights = RightsSettings(creator: "Private Name")
        var hidden = Album(title: "Hidden", slug: "hidden", images: [Fixture.image("shared"), Fixture.image("hidden-one")])
        hidden.unlisted = true
        hidden.rights = RightsSettings(creator: "Unlisted Name")
        var own = Fixture.image("shared")
        own.rights = RightsSettings(copyright: "© Own")
        var open = Album(title: "Open", slug: "open", images: [own])
        open.rights = RightsSettings(license: "CC0")
        // The private album first in gallery.yml, the public one last.
        var gallery = Fixture.albums([secret, hidden, open])
        gallery.rights = RightsSettings(creator: "Site Name", license: "CC BY 4.0")
        let plan = Planner.plan(gallery)
        func rights(_ slug: String) -> RightsSettings? {
            plan.sources.first { $0.source == Fixture.image(slug).source }.map(\.rights)
        }
        #expect(rights("shared") == RightsSettings(creator: "Site Name", copyright: "© Own", license: "CC0"))
        #expect(rights("hidden-one") == RightsSettings(creator: "Unlisted Name", license: "CC BY 4.0"))
        #expect(rights("only-secret") == RightsSettings(creator: "Private Name", license: "CC BY 4.0"))
        let shared = try #require(plan.sources.first { $0.source == Fixture.image("shared").source })
        #expect(plan.request(for: shared).rights == shared.rights && plan.request.rights.isEmpty)
    }
}
