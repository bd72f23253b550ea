import GalgenCore
import Mustache

/// The site's strings as the templates read them: `{{labels.previous}}`, `{{labels.language}}`
/// (the `lang` tag), `{{#labels.rtl}}` (right to left), `{{labels.madeWith}}` and
/// `{{labels.photosOf}}` with the generator and the page's title filled in, and the help texts as markup (`{{{labels.noPhotosHelp}}}`, with
/// `<code>` around gallery.yml's words). The page key hashes the labels' digest, so a page is
/// rendered again when its language or a `labels:` override changes.
public struct LabelsViewModel: MustacheParent, TemplateScope, ViewModelValue, Equatable, Sendable {
    public var labels: Labels
    public var generator: String
    /// The page's title, for `photosOf` ("Photos of Day one").
    public var title: String

    public init(_ labels: Labels, generator: String, title: String = "") {
        self.labels = labels
        self.generator = generator
        self.title = title
    }

    public func child(named name: String) -> Any? {
        switch name {
        case "language": labels.language
        case "rtl": labels.isRightToLeft
        default: text(name)
        }
    }

    public func templateField(_ name: FieldName) -> TemplateData? {
        switch name.text {
        case "language": .text(labels.language)
        case "rtl": .flag(labels.isRightToLeft)
        default: text(name.text).map(TemplateData.text)
        }
    }

    /// nil for a name that is no key, as for any missing field.
    func text(_ key: String) -> String? {
        guard Labels.english[key] != nil else { return nil }
        if let code = Self.markup[key] {
            return code.reduce(MarkupText.html(labels[key])) { text, placeholder in
                text.replacingOccurrences(of: "{\(placeholder.key)}", with: "<code>\(placeholder.value)</code>")
            }
        }
        return labels.text(key, ["generator": generator, "title": title])
    }

    /// The keys whose text is markup (the template prints them unescaped), and what each
    /// placeholder becomes (HTML-escaped text, then these `<code>` words).
    static let markup: [String: [String: String]] = [
        "noPhotosHelp": ["images": "images:", "build": "galgen build"],
        "noAlbumsHelp": ["albums": "albums:", "build": "galgen build"],
    ]

    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .scope(self) }

    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(labels.digest)
    }
}

extension Labels {
    /// English with no overrides: a page made without a gallery's language.
    public static let standard = Labels(SiteLanguage())
}
