import GalgenCore
import GalgenHash

/// A page's identity for the page cache: the template files plus everything the page's
/// view model holds (its kind, its frame, then its body: `PageViewModel.fingerprint`).
/// Same key, same HTML, so an unchanged page is not rendered again.
public enum PageKey {
    public static func make(templateDigest: String, page: PageViewModel) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(templateDigest)
        page.fingerprint(into: &fingerprint)
        return fingerprint.hex
    }

    /// The template folder's files, in name order.
    public static func templateDigest(_ template: SiteTemplate) -> String {
        var fingerprint = Fingerprint()
        // How galgen renders them: a page cached before escaping per Unicode scalar is stale.
        fingerprint.add(CompiledTemplate.escapingPragma)
        for (name, text) in template.templates.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(name)
            fingerprint.add(text)
        }
        for (name, bytes) in template.assets.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(name)
            fingerprint.add(ContentHash.hex(bytes))
        }
        return fingerprint.hex
    }
}
