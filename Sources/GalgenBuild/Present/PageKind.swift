import GalgenCore

/// The kinds of page a site has. Each kind has a body of its own (`PageBody`) and a template
/// of its own; this is the one place that names them.
///
/// A new kind (a tag page, a map, a video page) is a case here, a case of `PageBody` with its
/// body struct, and a presenter function that makes its pages. Its template is optional: with
/// a `fallback`, a template folder made before the kind existed still renders it.
public enum PageKind: CaseIterable, Equatable, Sendable {
    /// A photo's own page: the photo and the album's segmented control (`page.mustache`).
    case photo
    /// A page of an album's grid of photos (`overview.mustache`).
    case overview
    /// The album list of a gallery of albums, its front page (`albums.mustache`).
    case albums
    /// A page of a tag's photos, in justified rows (`tag.mustache`, else `overview.mustache`).
    case tag
    /// The tags index: every tag with its count (`tags.mustache`, else `albums.mustache`).
    case tags
    /// A page of a place's photos (`place.mustache`, else `tag.mustache`).
    case place
    /// The places index: the map and every place with its count (`places.mustache`, else `tags.mustache`).
    case places

    /// The name of the kind's own template, without `.mustache`; also the `{{template}}` key.
    public var template: String {
        switch self {
        case .photo: "page"
        case .overview: "overview"
        case .albums: "albums"
        case .tag: "tag"
        case .tags: "tags"
        case .place: "place"
        case .places: "places"
        }
    }

    /// The kind whose template renders this one when there is no template of its own; nil for
    /// the kinds every template folder has always had, whose templates are required.
    public var fallback: PageKind? {
        switch self {
        case .photo, .overview, .albums: nil
        case .tag: .overview
        case .tags: .albums
        case .place: .tag
        case .places: .tags
        }
    }

    /// The templates a site cannot be rendered without.
    public static var requiredTemplates: [String] {
        allCases.filter { $0.fallback == nil }.map(\.template)
    }

    /// The templates to try for this kind, its own first, then its fallbacks'.
    public var templateChoices: [String] {
        [template] + (fallback?.templateChoices ?? [])
    }

    /// The first of `choices` the template has (`has`), or the first choice when it has none.
    static func chooseTemplate(_ choices: [String], has: (String) -> Bool) -> String {
        choices.first(where: has) ?? choices[0]
    }
}
