/// Every string galgen writes into pages and gallery.js, in the site's language: a built-in
/// table per language (`Labels.builtIn`), `labels:` from gallery.yml over it, English under both
/// (a missing translation is never an empty button).
public struct Labels: Equatable, Sendable {
    /// The site's language tag (`<html lang>`).
    public let language: String
    /// The built-in table chosen for it (`de` for `de-CH`); nil when galgen has none (English strings).
    public let builtIn: String?
    /// Written right to left (`<html dir="rtl">`): Arabic, Hebrew, Persian, Urdu.
    public let isRightToLeft: Bool
    /// The strings by key, every English key present.
    let table: [String: String]
    /// Numbers and dates for the language.
    let format: LocaleFormat
    /// The language, the table and the overrides' identity: pages hash this, not the table.
    public let digest: String

    public init(_ language: SiteLanguage) {
        self.language = language.tag
        let base = Labels.baseLanguage(language.tag)
        builtIn = Labels.builtIn[base] == nil ? nil : base
        isRightToLeft = Labels.rightToLeft.contains(base)
        table = Labels.english.merging(Labels.builtIn[base] ?? [:]) { _, translated in translated }
            .merging(language.overrides) { _, given in given }
        format = LocaleFormat(tag: language.tag)
        var fingerprint = Fingerprint()
        fingerprint.add(language.tag)
        for (key, text) in table.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(key)
            fingerprint.add(text)
        }
        digest = fingerprint.hex
    }

    /// The keys `labels:` may override: every English key, and the plural forms
    /// (`photosFew`…) some languages have beyond one and other.
    public static var keys: [String] {
        Set(english.keys).union(builtIn.values.flatMap(\.keys)).sorted()
    }

    /// The string `key`, with `{name}` placeholders replaced by `values[name]`.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        let text = table[key] ?? Labels.english[key] ?? key
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        return Self.filled(text, values)
    }

    /// `text` with each `{name}` whose name `values` holds replaced by its value, in one pass:
    /// a value is never read for placeholders itself (a title "{count}" stays as written), and
    /// other braces stay as they are.
    static func filled(_ text: String, _ values: [String: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 32)
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}",
               let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }

    public subscript(_ key: String) -> String { text(key) }

    /// The plural form of `key` for `count` (`photos` → `photosOne`, `photosFew`… falling back to
    /// `photosOther`), with `{count}` the number formatted for the language.
    public func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        let category = PluralCategory(count, language: builtIn ?? "en")
        let form = table[key + category.suffix] != nil ? key + category.suffix : key + PluralCategory.other.suffix
        return text(form, values.merging(["count": number(count)]) { given, _ in given })
    }

    /// 3000 → "3,000" in English, "3.000" in German, "3 000" in French.
    public func number(_ number: Int) -> String { format.number(number) }

    /// A photo's place in its album ("5 of 3000"): English pages have always written it
    /// ungrouped; other languages group it as they group counts.
    public func position(_ number: Int) -> String { format.locale == nil ? String(number) : format.number(number) }

    /// A photo's capture time (EXIF "2019:05:04 12:30:59") as the language writes it:
    /// "2019-05-04 12:30" in English, "4. Mai 2019, 12:30" in German; nil when unreadable.
    public func date(_ exif: String) -> String? { format.date(exif) }

    /// galgen's own decimal text ("f/1.8", "+0.7 EV", "4.2 mm") with the language's decimal
    /// comma where it writes one ("f/1,8" in German and French).
    public func decimals(_ text: String) -> String { format.decimals(text) }

    /// `pt` of `pt-BR`, lowercased.
    static func baseLanguage(_ tag: String) -> String {
        String(tag.split(separator: "-").first ?? "").lowercased()
    }

    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur"]

    /// English, the table every other falls back to. Keys are camelCase; `{count}`-style
    /// placeholders are filled by `text(_:_:)`. A key ending in `One`/`Other` is a plural
    /// (`text(_:count:_:)`). The order is that of docs/gallery-yml.md's `labels` section.
    package static let english: [String: String] = [
        // Every page
        "breadcrumb": "Breadcrumb",
        "madeWith": "Made with {generator}",
        // The album list
        "noAlbums": "No albums yet",
        "noAlbumsHelp": "List albums under {albums} in gallery.yml and run {build} again.",
        // Counts
        "photosOne": "{count} photo",
        "photosOther": "{count} photos",
        "videosOne": "{count} video",
        "videosOther": "{count} videos",
        "itemsOne": "{count} photo or video",
        "itemsOther": "{count} photos and videos",
        // An album's overview
        "photosRange": "Photos {first}–{last} of {count}",
        "videosRange": "Videos {first}–{last} of {count}",
        "itemsRange": "Photos and videos {first}–{last} of {count}",
        "pageOf": "page {number} of {count}",
        "pages": "Pages",
        "previous": "Previous",
        "next": "Next",
        "page": "Page",
        "noPhotos": "No photos yet",
        "noPhotosHelp": "List photos under {images} in gallery.yml and run {build} again.",
        "otherAlbums": "Other albums",
        "allAlbums": "All albums",
        "videoPrefix": "Video:",
        "live": "LIVE",
        // A photo's page
        "photosOf": "Photos of {title}",
        "photoTabs": "Photos",
        "allPhotos": "All photos",
        "allVideos": "All videos",
        "allItems": "All {items}",
        "steps": "Previous and next photo",
        "previousPhoto": "Previous photo:",
        "nextPhoto": "Next photo:",
        "position": "{number} of {count}",
        "fullSize": "Full size",
        "downloadVideo": "Download video",
        "videoDuration": "Video, {duration}",
        "playLive": "Play Live Photo motion",
        "animation": "Animation",
        "playAnimation": "Play animation",
        // gallery.js
        "startSlideshow": "Start slideshow",
        "stopSlideshow": "Stop slideshow",
        "fullScreen": "Full screen",
        "zoom": "Zoom",
        "zoomIn": "Zoom in",
        "zoomOut": "Zoom out",
        "close": "Close",
        // Tags and downloads
        "tags": "Tags",
        "allTags": "All tags",
        "tagCountOne": "{count} tag",
        "tagCountOther": "{count} tags",
        "noTags": "No tags yet",
        "photoTags": "Tags:",
        "places": "Places",
        "allPlaces": "All places",
        "placeCountOne": "{count} place",
        "placeCountOther": "{count} places",
        "photoPlace": "Place:",
        "placesMap": "Map of the places",
        "placesCredit": "Place names from GeoNames (CC BY 4.0); map from Natural Earth.",
        "download": "Download",
        "downloadAll": "Download all ({count}, {size})",
        "privateHeading": "A private album",
        "privateIntro": "Type its password to see it.",
        "privatePassword": "Password",
        "privateOpen": "Open",
        "privateRemember": "Remember on this device for 30 days",
        "privateWrong": "That password does not open this album.",
        "privateOpening": "Opening…",
        "privateNeedsScript": "Opening a private album needs JavaScript and a browser with service workers, at a web address (not a file on disk).",
        "privateLock": "Lock",
        "detailCamera": "Camera",
        "detailLens": "Lens",
        "detailFocalLength": "Focal length",
        "detailFocalEquivalent": "{length} ({equivalent} in 35 mm)",
        "detailAperture": "Aperture",
        "detailShutter": "Shutter",
        "detailISO": "ISO",
        "detailExposureCompensation": "Exposure compensation",
        "detailFlash": "Flash",
        "detailFlashFired": "Fired",
        "detailTaken": "Taken",
        "detailSize": "Size",
        "detailHeading": "Details",
        "rightsCreator": "Photo: {creator}",
        "rightsLicense": "License",
        "rightsAcquire": "License this photo",
    ]
}

extension Gallery {
    /// The site's strings: `language:` and `labels:`.
    public var labels: Labels { Labels(language) }
}
