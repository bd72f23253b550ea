import Foundation

/// Sorting by text, in the order `String`'s `<` gives, faster where every text is ASCII.
///
/// `String`'s `<` compares Unicode scalars after normalization; ASCII text is its own normal
/// form, so for it that order is the order of the UTF-8 bytes, which `memcmp` compares many at a
/// time. A build's end sorts the site's 30,000 paths and the cache's tables by key several times
/// (stamps, the site's marker, record files): `<` on each pair was most of that time.
public enum TextOrder {
    /// The indices of `texts` in the order `<` puts them (ties in their order).
    public static func order(_ texts: [String]) -> [Int] {
        var indices = Array(texts.indices)
        guard texts.count > 1 else { return indices }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(texts.count)
        for text in texts {
            spans.append((bytes.count, text.utf8.count))
            bytes += text.utf8
        }
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            indices.sort { texts[$0] < texts[$1] || (texts[$0] == texts[$1] && $0 < $1) }
            return indices
        }
        bytes.withUnsafeBufferPointer { bytes in spans.withUnsafeBufferPointer { spans in
            let base = bytes.baseAddress!
            indices.sort { first, second in
                let (a, b) = (spans[first], spans[second])
                let compared = memcmp(base + a.start, base + b.start, min(a.count, b.count))
                if compared != 0 { return compared < 0 }
                return a.count != b.count ? a.count < b.count : first < second
            }
        } }
        return indices
    }
}

extension Sequence {
    /// The elements, ordered by `text` of each as `String`'s `<` orders it (`TextOrder`).
    /// Inlinable, so that it is made for each caller's element type (generic, moving a table's
    /// entries cost more than the sort).
    @inlinable
    public func sorted(byText text: (Element) -> String) -> [Element] {
        let elements = Array(self)
        return TextOrder.order(elements.map(text)).map { elements[$0] }
    }
}
