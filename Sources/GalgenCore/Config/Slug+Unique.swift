extension Slug {
    /// Unique slugs for `bases` (from `make`), in order: an empty base becomes `fallback`, and a
    /// base already taken, or one of `OutputLayout.reservedNames`, gets the first free suffix
    /// (`paris-2`, `paris-3`…), as photo slugs do.
    public static func unique(_ bases: [String], fallback: String) -> [String] {
        var taken = Set<String>()
        var nextSuffix: [String: Int] = [:]
        let isTaken = { (slug: String) in taken.contains(slug) || OutputLayout.reservedNames.contains(slug) }
        return bases.map { derived in
            let base = derived.isEmpty ? fallback : derived
            var candidate = base
            if isTaken(candidate) {
                var counter = nextSuffix[base] ?? 2
                repeat {
                    // A base of the longest length gives up its end to the suffix.
                    var stem = String(base.prefix(maximumLength - 1 - String(counter).count))
                    while stem.hasSuffix("-") { stem.removeLast() }
                    candidate = "\(stem)-\(counter)"
                    counter += 1
                } while isTaken(candidate)
                nextSuffix[base] = counter
            }
            taken.insert(candidate)
            return candidate
        }
    }
}
