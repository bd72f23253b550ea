import Foundation
import GalgenCore
import GalgenSiteTemplate

/// The live-reload additions to served HTML. The files in the output folder never contain them.
public enum LiveReload {
    public static let scriptPath = "/__galgen/live.js"
    public static let eventsPath = "/__galgen/events"

    /// The policy the built-in template's pages declare in their `<meta>` (written there only;
    /// `_headers` reads it the same way); the server sends it as a header too. Its
    /// `connect-src 'self'` lets gallery.js fetch the next photo's page, and live.js reach the
    /// events endpoint. Without one (never for the built-in template) nothing may load.
    public static let pagePolicy = BuiltInTemplate.template.pagePolicy ?? "default-src 'none'"

    public static let headerPolicy = allowingEvents(pagePolicy)

    /// The page with the live-reload script before `</head>` (or `</body>`, or at the end) and
    /// its Content-Security-Policy `<meta>` widened to let the script reach the events endpoint.
    /// `generation` is the site version the page was served at.
    public static func inject(into html: String, generation: String) -> String {
        var html = widenPolicyMeta(html)
        let tag = "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\" defer></script>\n"
        for marker in ["</head>", "</body>"] {
            if let range = html.range(of: marker, options: .caseInsensitive) {
                html.insert(contentsOf: tag, at: range.lowerBound)
                return html
            }
        }
        return html + tag
    }

    /// Adds `connect-src 'self'` to a policy, or `'self'` to its connect-src.
    public static func allowingEvents(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let index = directives.firstIndex(where: { $0.lowercased().hasPrefix("connect-src") }) {
            let sources = directives[index].split(separator: " ").dropFirst().filter { $0.lowercased() != "'none'" }
            if !sources.contains(where: { $0.lowercased() == "'self'" }) {
                directives[index] = (["connect-src"] + sources.map(String.init) + ["'self'"]).joined(separator: " ")
            }
        } else {
            directives.append("connect-src 'self'")
        }
        return directives.joined(separator: "; ")
    }

    /// Rewrites the `content` of every `<meta http-equiv="Content-Security-Policy">`.
    static func widenPolicyMeta(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<meta", options: .caseInsensitive),
              let end = rest[start.upperBound...].firstIndex(of: ">") {
            let tag = rest[start.lowerBound...end]
            result += rest[..<start.lowerBound]
            if tag.range(of: "content-security-policy", options: .caseInsensitive) != nil,
               let open = tag.range(of: "content=\"", options: .caseInsensitive),
               let close = tag[open.upperBound...].firstIndex(of: "\"") {
                result += tag[..<open.upperBound] + allowingEvents(String(tag[open.upperBound..<close])) + tag[close...]
            } else {
                result += tag
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
