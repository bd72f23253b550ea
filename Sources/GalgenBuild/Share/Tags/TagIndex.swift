import Foundation
import GalgenCore

/// Every published tag of a site: its name, its slug and its photos, worked out once per build
/// from each listed album's photos. Small on purpose: a photo is its album's position and its
/// index in the album's `images`, never a view model, so 10,000 tagged photos cost a few hundred KB.
///
/// Photos of unlisted albums are left out (a tag page must not lead to them), and so are tags
/// only they carry. Tags are sorted by name (case and accents aside, then as written); each
/// tag's photos are in the order of the albums, then of each album.
struct TagIndex: Sendable {
    struct Photo: Equatable, Sendable {
        /// The album's position in `gallery.albums` (0 for a gallery without albums).
        var album: Int
        /// The photo's index in that album's `images`.
        var image: Int
    }

    struct Tag: Equatable, Sendable {
        var name: String
        var slug: String
        var photos: [Photo]
    }

    private(set) var tags: [Tag] = []
    /// A tag's name, lowercased → its position in `tags`.
    private var positions: [String: Int] = [:]

    /// The slug of the tag `name` (compared without case); nil for a tag without a page.
    func slug(of name: String) -> String? {
        positions[name.lowercased()].map { tags[$0].slug }
    }

    /// Collects the tags of one album at a time (`add`), then sorts them and gives them slugs.
    struct Builder {
        private var names: [String: String] = [:]
        private var photos: [String: [Photo]] = [:]

        /// The album at `position`, whose shown photos (in its order) are `shown`.
        mutating func add(album: Album, position: Int, shown: [ShownImage]) {
            guard !album.unlisted, shown.contains(where: { !$0.image.tags.isEmpty }) else { return }
            let indices = TagIndex.firstIndices(in: album)
            for entry in shown {
                guard let index = indices[entry.image.source] else { continue }
                for tag in entry.image.tags {
                    let key = tag.lowercased()
                    if names[key] == nil { names[key] = tag }
                    photos[key, default: []].append(Photo(album: position, image: index))
                }
            }
        }

        func finish() -> TagIndex {
            let sorted = names.map { (key: $0.key, name: $0.value, folded: TagIndex.sortKey($0.value)) }
                .sorted { ($0.folded, $0.name) < ($1.folded, $1.name) }
            let slugs = Slug.unique(sorted.map { Slug.make(from: $0.name) }, fallback: "tag")
            var index = TagIndex()
            for (position, (entry, slug)) in zip(sorted, slugs).enumerated() {
                index.tags.append(Tag(name: entry.name, slug: slug, photos: photos[entry.key] ?? []))
                index.positions[entry.key] = position
            }
            return index
        }
    }

    /// Each source's first index in the album's `images` (what a `Photo` names).
    static func firstIndices(in album: Album) -> [ImageSource: Int] {
        var indices: [ImageSource: Int] = [:]
        for (index, image) in album.images.enumerated() where indices[image.source] == nil { indices[image.source] = index }
        return indices
    }

    /// Sorted without case or accents first, so `Éclair` sits by `eclair`, not after `zebra`.
    static func sortKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
