import GalgenCore

/// `_headers`: the response headers that Netlify and Cloudflare Pages add to the site's files
/// (other hosts: docs/publishing.md shows the same rules for nginx, Apache and S3).
///
/// Fingerprinted files never change, so they are cached forever. Every file is sent with
/// `nosniff` and with the Content-Security-Policy of galgen's pages, so that no file the site
/// publishes (a photo's original among them) can run a script on the site's origin even where a
/// browser would otherwise take it for a page; `images/` is sandboxed besides, for templates
/// whose pages carry no policy. It names no unlisted album: GitHub Pages and other hosts serve it
/// as a file, so a rule for an unlisted folder would publish its address. Their pages say
/// `noindex` themselves (`<meta name="robots">`).
enum HostHeaders {
    static func file(fingerprinted assets: [String], template: SiteTemplate) -> String {
        let forever = "  Cache-Control: public, max-age=31536000, immutable\n"
        let policy = pagePolicy(template).map { "  Content-Security-Policy: \($0)\n" } ?? ""
        return "# Written by galgen: file names with a content fingerprint never change.\n"
            + "/*\n  X-Content-Type-Options: nosniff\n" + policy
            + "/\(OutputLayout.imagesFolder)*\n" + forever + "  Content-Security-Policy: \(imagesPolicy)\n"
            + assets.map { "/\($0)\n" + forever }.joined()
    }

    /// Nothing under `images/` is a document: were one opened as a page, it may load nothing and run nothing.
    static let imagesPolicy = "default-src 'none'; sandbox"

    /// The policy the template's pages declare in `<meta http-equiv="Content-Security-Policy">`,
    /// when every template that declares one declares the same fixed text (a template may widen
    /// its own; the header then follows it rather than blocking what the page allows).
    static func pagePolicy(_ template: SiteTemplate) -> String? {
        let found = Set(template.templates.values.flatMap(declaredPolicies))
        guard found.count == 1, let policy = found.first, !policy.contains("{{"), !policy.contains("\n") else { return nil }
        return policy
    }

    /// The `content` of each CSP `<meta>` in one template's text.
    static func declaredPolicies(_ text: String) -> [String] {
        let marker = #"http-equiv="Content-Security-Policy""#
        return text.ranges(of: marker).compactMap { range in
            let rest = text[range.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">"), let start = rest[..<tagEnd].range(of: #"content=""#) else { return nil }
            let value = rest[start.upperBound..<tagEnd]
            return value.firstIndex(of: "\"").map { String(value[..<$0]) }
        }
    }
}

extension SiteTemplate {
    /// The Content-Security-Policy its pages declare (`HostHeaders.pagePolicy`): the one place
    /// the policy is written is the template's `<meta>`; `_headers` and `galgen serve` read it.
    public var pagePolicy: String? { HostHeaders.pagePolicy(self) }
}
