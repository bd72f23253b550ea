import GalgenCore

/// The site split in two before it is presented: what anyone may see (the gallery without its
/// private albums, and only the files its albums show), and each private album as a site of its
/// own, every file of it under the album's folder, to be sealed before it is written
/// (`PrivateBundle`). A photo in a public album and a private one is published twice: in the
/// clear where the public album shows it, and sealed, under a name that says nothing, inside the
/// private album's folder; nothing of the public copy leads to the private one. Pure.
public enum PrivateSplit {
    /// The gallery without its private albums (`listed: true` ones are a link with a lock on the
    /// front page, `lockedAlbums`, not an album).
    public static func publicGallery(_ gallery: Gallery) -> Gallery {
        var shown = gallery
        shown.albums = gallery.albums.filter { $0.privateAccess == nil }
        return shown
    }

    /// The listed private albums, for the front page: their titles and folders.
    public static func lockedAlbums(_ gallery: Gallery) -> [(title: String, folder: String)] {
        gallery.albums.filter { $0.privateAccess?.listed == true }.map { ($0.title, $0.slug + "/") }
    }

    /// The plan's sources that `gallery` shows: its items and their motions.
    public static func plan(_ plan: BuildPlan, showing gallery: Gallery) -> BuildPlan {
        let shown = gallery.shownSources
        return BuildPlan(sources: plan.sources.filter { shown.contains($0.source) }, request: plan.request, layout: plan.layout)
    }

    /// One private album as a site of its own: the gallery with only that album, and the plan
    /// with its items' files moved under the album's folder (`p-…/images/…`), so its service
    /// worker, whose scope is that folder, answers every request its pages make.
    public static func site(_ album: Album, of gallery: Gallery, plan: BuildPlan) -> (gallery: Gallery, plan: BuildPlan) {
        var single = gallery
        single.albums = [album]
        single.hasAlbums = true
        single.trees = []
        // Tag pages and feeds are the public site's: a private album links to none and has none
        // (a feed reader could not open one).
        single.tags.enabled = false
        single.feeds.enabled = false
        let folder = album.slug + "/"
        let shown = Self.plan(plan, showing: single)
        let moved = shown.sources.map { planned in
            var moved = planned
            moved.outputStem = folder + planned.outputStem
            return moved
        }
        return (single, BuildPlan(sources: moved, request: plan.request, layout: plan.layout.moved(under: folder)))
    }
}
