import Foundation
import GalgenCore

/// One part of a photo's rights line: text, or a link (the licence with `rel="license"`).
public struct RightsPartViewModel: ViewModel, Equatable, Sendable {
    public var text: String
    public var href: String?
    public var rel: String?
    /// The first part (no separator before it).
    public var first = false

    public static let fields: ViewModelFields<Self> = [
        .init("text") { $0.text },
        .init("href") { $0.href },
        .init("rel") { $0.rel },
        .init("first") { $0.first },
    ]
}

/// A photo page's rights: the line under the details ("© 2024 Ann Lee · Photo: Ann Lee ·
/// License · License this photo") and the schema.org `ImageObject` search engines read for
/// their "Licensable" badge, as JSON-LD.
public struct RightsViewModel: ViewModel, Equatable, Sendable {
    public var parts: [RightsPartViewModel]
    /// `<script type="application/ld+json">…</script>`, ready to write unescaped: every `<`, `>`
    /// and `&` inside is a JSON escape, so no text can end the script.
    public var jsonLD: String

    public static let fields: ViewModelFields<Self> = [
        .init("parts") { $0.parts },
        .init("jsonLD") { $0.jsonLD },
    ]
}

enum PhotoRights {
    /// The rights of a photo whose largest picture is at `contentHref`; nil when nothing is known.
    static func model(_ rights: RightsSettings, title: String, contentHref: String, labels: Labels) -> RightsViewModel? {
        guard !rights.isEmpty else { return nil }
        var parts: [RightsPartViewModel] = []
        if let copyright = rights.copyright { parts.append(RightsPartViewModel(text: copyright)) }
        if let creator = rights.creator, creator != rights.copyright {
            parts.append(RightsPartViewModel(text: labels.text("rightsCreator", ["creator": creator])))
        }
        if let license = rights.license {
            let isAddress = RightsSettings.isWebAddress(license)
            parts.append(RightsPartViewModel(text: isAddress ? labels["rightsLicense"] : license, href: isAddress ? license : nil,
                                             rel: isAddress ? "license" : nil))
        }
        if let page = rights.acquireLicensePage { parts.append(RightsPartViewModel(text: labels["rightsAcquire"], href: page)) }
        guard !parts.isEmpty else { return nil }
        parts[0].first = true
        return RightsViewModel(parts: parts, jsonLD: jsonLD(rights, title: title, contentHref: contentHref))
    }

    /// schema.org `ImageObject` with the fields Google's image licence metadata names.
    static func jsonLD(_ rights: RightsSettings, title: String, contentHref: String) -> String {
        struct Person: Encodable {
            let type = "Person"
            let name: String
            enum CodingKeys: String, CodingKey { case type = "@type", name }
        }
        struct ImageObject: Encodable {
            let context = "https://schema.org"
            let type = "ImageObject"
            var name: String
            var contentUrl: String
            var creator: Person?
            var creditText: String?
            var copyrightNotice: String?
            var license: String?
            var acquireLicensePage: String?
            enum CodingKeys: String, CodingKey {
                case context = "@context", type = "@type", name, contentUrl, creator, creditText, copyrightNotice, license, acquireLicensePage
            }
        }
        let object = ImageObject(name: title, contentUrl: contentHref, creator: rights.creator.map { Person(name: $0) },
                                 creditText: rights.creator, copyrightNotice: rights.copyright,
                                 license: rights.license.flatMap { RightsSettings.isWebAddress($0) ? $0 : nil },
                                 acquireLicensePage: rights.acquireLicensePage)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let safe = json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
        return "<script type=\"application/ld+json\">" + safe + "</script>"
    }
}
