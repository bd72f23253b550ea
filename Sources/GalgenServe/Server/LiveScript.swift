/// The script `galgen serve` adds to every page it serves (at `LiveReload.scriptPath`):
/// `Resources/live.js`, compiled into the binary.
///
/// It listens for `state` events ({"generation": "…", "error": "…" or null}): a generation other
/// than the one the page was served at means the site was rebuilt, so the page reloads (which
/// keeps the URL and so the #hash of the selected photo); an error is shown over the page until
/// a later build succeeds. Styles are set through the CSSOM, which the page's CSP allows.
enum LiveScript {
    static let source = String(decoding: PackageResources.live_js, as: UTF8.self)
}
