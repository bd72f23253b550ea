/// The namespace declarations in scope while an XMP packet's tokens are walked: one stack for
/// every walk over the packet (`XMPWalk` for the words, `XMPListWalk` for keywords and people),
/// opened and closed by `XMPReader` around each element, so a name is resolved the same way
/// for all of them.
struct XMPNamespaces {
    /// Each open element's own declarations, outermost first.
    private var frames: [[String: String]] = []

    /// Elements open now.
    var depth: Int { frames.count }

    /// An element starts: its `xmlns` and `xmlns:prefix` attributes come into scope.
    mutating func open(_ attributes: [XMLAttribute]) {
        var declared: [String: String] = [:]
        for attribute in attributes {
            if attribute.name == "xmlns" {
                declared[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                declared[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        frames.append(declared)
    }

    /// The innermost element ends (a mismatched end tag closes it anyway).
    mutating func close() {
        _ = frames.popLast()
    }

    /// `prefix:local` with its prefix's URI from the innermost declaration (or the conventional
    /// one); an unprefixed element is in the default namespace, an unprefixed attribute in none.
    func resolve(_ qualified: String, isAttribute: Bool) -> XMPName? {
        let parts = qualified.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
        if prefix.isEmpty, isAttribute { return nil }
        let declared = frames.reversed().lazy.compactMap { $0[prefix] }.first
        guard let namespace = declared ?? XMPName.conventional[prefix] else { return nil }
        return XMPName(namespace, local)
    }
}
