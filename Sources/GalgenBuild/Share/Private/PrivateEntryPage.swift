import Foundation
import GalgenCore
import GalgenCrypto

/// A private album's entry page, the only page of it in the clear: a password form in the site's
/// language, the album's password records (`PasswordRecord`), and the scripts that unwrap the key
/// (WebCrypto) and hand it to the album's service worker. It names nothing of the album (its
/// title only when `listed: true`), is `noindex`, and says what is needed without JavaScript.
public enum PrivateEntryPage {
    public static func html(seal: PrivateSeal, labels: Labels, listedTitle: String?, siteTitle: String) -> String {
        let escape = MarkupText.html
        // Sorted keys: the same records give the same page on every build (a dictionary's order is per process).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let records = (try? encoder.encode(seal.records)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let heading = listedTitle.map { escape($0) + " · " + escape(labels.text("privateHeading")) } ?? escape(labels.text("privateHeading"))
        return """
        <!doctype html>
        <html lang="\(escape(labels.language))" dir="\(labels.isRightToLeft ? "rtl" : "ltr")">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex, nofollow">
        <meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="\(policy)">
        <title>\(heading) · \(escape(siteTitle))</title>
        <link rel="stylesheet" href="private.css">
        <script src="private.open.js" defer></script>
        <script src="private.entry.js" defer></script>
        </head>
        <body class="private-entry">
        <main>
        <h1>\(heading)</h1>
        <p>\(escape(labels.text("privateIntro")))</p>
        <noscript><p class="needs">\(escape(labels.text("privateNeedsScript")))</p></noscript>
        <p class="needs" id="needs" hidden>\(escape(labels.text("privateNeedsScript")))</p>
        <form id="unlock" data-album="\(escape(seal.folder))" data-wrong="\(escape(labels.text("privateWrong")))" data-opening="\(escape(labels.text("privateOpening")))" hidden>
        <label for="password">\(escape(labels.text("privatePassword")))</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required>
        <label class="remember"><input type="checkbox" name="remember" id="remember"> \(escape(labels.text("privateRemember")))</label>
        <button type="submit">\(escape(labels.text("privateOpen")))</button>
        <p id="status" role="status"></p>
        <p id="wrong" role="alert"></p>
        </form>
        <p><a href="../">\(escape(siteTitle))</a></p>
        </main>
        <script type="application/json" id="records">\(records.replacingOccurrences(of: "<", with: "\\u003c"))</script>
        </body>
        </html>

        """
    }

    /// Its own scripts and styles only; the worker is registered from its own folder.
    static let policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; worker-src 'self'; "
        + "img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
}
