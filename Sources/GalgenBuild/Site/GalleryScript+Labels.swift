import Foundation
import GalgenCore

/// gallery.js's own words (its buttons' names) in the site's language. The joined script's
/// third line holds them, `var LABELS = {…};`, English when the parts are joined; a build puts
/// the site's in their place (`SiteTemplate.localized`), so the script, and its fingerprinted
/// name, changes when they do. No inline script is needed, which the site's
/// Content-Security-Policy (`script-src 'self'`) would refuse.
extension GalleryScript {
    /// The label keys gallery.js reads, as `LABELS.startSlideshow`.
    public static let labelKeys = ["close", "fullScreen", "startSlideshow", "stopSlideshow", "zoom", "zoomIn", "zoomOut"]

    /// What the joined script starts with, up to its labels.
    static let head = "(function () {\n\"use strict\";\n"
    static let labelsLead = "var LABELS = "

    /// `var LABELS = {"close":"Close",…};` and its newline: JSON (a newline in a label is
    /// escaped, so the line ends at the first newline).
    static func labelsLine(_ labels: Labels) -> String {
        let table = Dictionary(uniqueKeysWithValues: labelKeys.map { ($0, labels[$0]) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(table)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return labelsLead + json + ";\n"
    }

    /// A joined script with `labels` in place of the labels it has; nil for a script galgen did
    /// not join (a template's own gallery.js keeps its words).
    public static func localized(_ script: [UInt8], labels: Labels) -> [UInt8]? {
        let lead = Array((head + labelsLead).utf8)
        guard script.starts(with: lead),
              let end = script[lead.count...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return Array(head.utf8) + Array(labelsLine(labels).utf8) + script[(end + 1)...]
    }
}

extension SiteTemplate {
    /// The template with gallery.js speaking the site's language (`GalleryScript.localized`).
    public func localized(_ labels: Labels) -> SiteTemplate {
        guard let script = assets[GalleryScript.name],
              let localized = GalleryScript.localized(script, labels: labels) else { return self }
        var template = self
        template.assets[GalleryScript.name] = localized
        return template
    }
}
