import Yams

/// Bounds what YAML aliases expand to, before Yams expands them.
///
/// Yams gives every alias (`*name`) a copy of its anchored node and hashes mapping keys whole, so a
/// few hundred bytes of nested aliases ("billion laughs") become billions of values. This check
/// composes a copy of the text in which every alias is an empty quoted scalar (`''` and spaces, so
/// every position stays the same): that tree has no aliases and is as small as the file. Walking it
/// in the composer's order gives each anchor's expanded size and the sum of what the aliases add.
enum AliasBudget {
    /// The most values all aliases together may add: generous for anchors reused across albums,
    /// and cheap to walk and hash.
    static let limit = 100_000

    /// Where the aliases first add more than `limit` values, or nil when they stay within it.
    /// Throws Yams's error when the copy is not valid YAML (positions are the original's).
    static func overrun(in text: String) throws -> Mark? {
        let aliases = aliasCandidates(in: text)
        guard !aliases.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        for alias in aliases {
            bytes[alias.offset] = UInt8(ascii: "'")
            bytes[alias.offset + 1] = UInt8(ascii: "'")
            for index in alias.offset + 2 ..< alias.offset + 1 + alias.name.utf8.count { bytes[index] = UInt8(ascii: " ") }
        }
        let parser = try Parser(yaml: String(decoding: bytes, as: UTF8.self), resolver: .asWritten)
        guard let root = try parser.singleRoot() else { return nil }
        var walk = Walk(aliases: Dictionary(aliases.map { (Place($0.line, $0.column), $0.name) }) { first, _ in first })
        _ = walk.size(of: root)
        return withExtendedLifetime(parser) { walk.overrun }  // the parser keeps the nodes' anchors alive
    }

    private struct Alias {
        var offset: Int
        var line: Int
        var column: Int
        var name: String
    }

    private struct Place: Hashable {
        var line: Int
        var column: Int
        init(_ line: Int, _ column: Int) { (self.line, self.column) = (line, column) }
    }

    /// Every `*` that may start a token, followed by anchor characters and what may end an alias.
    /// Some may be inside scalars or comments; rewriting those changes only text, and no node starts
    /// there, so they never count as aliases. Anything that cannot be an alias is left alone, since
    /// its rewrite could change more than text (a space before `#` starts a comment, a space inside
    /// a tag splits it) and refuse a valid file: a `*` inside a tag (`!x-*a:`, `!x:*a`), a `*` right
    /// after another character (`a*b`), and a name followed by anything libyaml refuses after an
    /// alias (`[*a#b`).
    private static func aliasCandidates(in text: String) -> [Alias] {
        var aliases: [Alias] = []
        var position = TextPosition()
        var offset = 0
        var current: Alias?
        var previous: Unicode.Scalar?
        var inTag = false
        for scalar in text.unicodeScalars {
            if current != nil {
                if isAnchorCharacter(scalar) {
                    current?.name.unicodeScalars.append(scalar)
                } else {
                    if let alias = current, !alias.name.isEmpty, mayFollowAlias(scalar) { aliases.append(alias) }
                    current = nil
                }
            }
            if inTag {
                inTag = isTagCharacter(scalar)
            } else if scalar == "!" {
                inTag = previous.map(mayPrecedeTag) ?? true
            } else if scalar == "*", current == nil, previous.map(mayPrecedeAlias) ?? true {
                current = Alias(offset: offset, line: position.line, column: position.column, name: "")
            }
            previous = scalar
            position.advance(past: scalar)
            offset += UTF8.width(scalar)
        }
        if let alias = current, !alias.name.isEmpty { aliases.append(alias) }
        return aliases
    }

    /// What libyaml's scanner lets a token follow directly: white space and line breaks (after
    /// which it looks for the next token), a byte order mark, and the indicators that end a token by
    /// themselves (`[`, `{`, `,`, and `:` and `?`, which need no space after them in flow context).
    /// Anywhere else a `*` is inside a token (a plain scalar, a tag) or makes the file invalid.
    private static func mayPrecedeAlias(_ scalar: Unicode.Scalar) -> Bool {
        mayPrecedeTag(scalar) || scalar == ":" || scalar == "?"
    }

    /// What libyaml accepts right after an alias's name: white space, a line break, the end of the
    /// text, or one of `? : , ] } % @` and a backquote.
    private static func mayFollowAlias(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}", "?", ":", ",", "]", "}", "%", "@", "`": true
        default: false
        }
    }

    /// Where a `!` may start a tag. Taking a `!` in a scalar for a tag is harmless: a `*` in the
    /// characters that follow it cannot start a token there either.
    private static func mayPrecedeTag(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "[", "{", ",": true
        default: false
        }
    }

    /// libyaml's tag (URI) characters, less `'`: a `'` may close a quoted scalar, after which a
    /// `:` and an alias can follow (`{'a !b':*c}`), so a tag is taken to end there.
    private static func isTagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isAnchorCharacter(scalar) || ";/?:@&=+$.%!~*()".unicodeScalars.contains(scalar)
    }

    /// libyaml's anchor names: ASCII letters, digits, `_` and `-`.
    private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-"
    }

    /// Sizes in the composer's order: children first, then the node's own anchor.
    private struct Walk {
        let aliases: [Place: String]
        var anchored: [String: Int] = [:]
        var added = 0
        var overrun: Mark?

        mutating func size(of node: Node) -> Int {
            guard overrun == nil else { return 1 }
            switch node {
            case let .scalar(scalar):
                if scalar.style == .singleQuoted, scalar.string.isEmpty, let mark = scalar.mark,
                   let name = aliases[Place(mark.line, mark.column)] {
                    let size = anchored[name] ?? 1
                    added += size
                    if added > AliasBudget.limit { overrun = mark }
                    return size
                }
                return register(scalar.anchor, size: 1)
            case let .sequence(sequence):
                var total = 1
                for item in sequence { total += size(of: item) }
                return register(sequence.anchor, size: total)
            case let .mapping(mapping):
                var total = 1
                for (key, value) in mapping { total += size(of: key) + size(of: value) }
                return register(mapping.anchor, size: total)
            case .alias:
                return 1
            }
        }

        private mutating func register(_ anchor: Anchor?, size: Int) -> Int {
            // Capped, so sizes cannot overflow however deep the nesting.
            let size = min(size, AliasBudget.limit + 1)
            if let anchor { anchored[anchor.rawValue] = size }
            return size
        }
    }
}
