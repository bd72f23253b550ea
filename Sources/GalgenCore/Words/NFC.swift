import Foundation

extension String {
    /// The text in Unicode Normalization Form C (how gallery.yml is read; macOS names files in
    /// NFD), without Foundation's cost for ASCII text, which is NFC already: folder expansion
    /// normalises every file name of a 10,000-photo folder on each build.
    var nfc: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCanonicalMapping
    }
}
