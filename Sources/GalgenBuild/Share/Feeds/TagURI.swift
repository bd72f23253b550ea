import Foundation
import GalgenCore

/// The ids of feeds and their entries: tag URIs (RFC 4151) made of the site's host and the
/// item's place in the site, `tag:example.com,2026:/photos/day-one/beach`, so the same photo has
/// the same id in every build and a feed reader never announces it again.
///
/// The date part is fixed: it must never change (a new date would be a new id for every photo),
/// and RFC 4151 asks for a date at which the tagging entity held the name. The year galgen began
/// to write feeds, 2026, is the earliest at which a galgen site can have minted one; any
/// fixed date is a guess at the owner's, and this one is never before galgen's feeds existed.
public struct TagURI: Equatable, Sendable {
    public static let date = "2026"

    /// `tag:example.com,2026:/photos/`: the site's id, which the others extend; nil when the host
    /// is not a DNS name (an IPv6 address, an international name not in punycode).
    let prefix: String?
    /// The base URL, for the ids of a site whose host makes no tag URI (a URL is an Atom id too).
    let base: String

    /// `base`: the `base_url`, an absolute http(s) URL ending in "/".
    public init(base: String) {
        self.base = base
        let components = URLComponents(string: base)
        let host = components?.host?.lowercased() ?? ""
        let path = components?.percentEncodedPath ?? "/"
        prefix = Self.isDNSName(host) ? "tag:\(host),\(Self.date):\(path.hasPrefix("/") ? path : "/" + path)" : nil
    }

    /// The id of the site's files at `path` (relative to the site: `""`, `day-one/`, `day-one/beach`).
    public func id(_ path: String) -> String {
        (prefix ?? base) + URLPath.escape(path)
    }

    /// RFC 4151's DNSname: labels of letters, digits and inner hyphens, joined by dots.
    static func isDNSName(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                && label.first != "-" && label.last != "-"
        }
    }
}
