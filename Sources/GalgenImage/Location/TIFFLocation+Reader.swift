extension TIFFLocation {
    /// Bounds-checked reads in one TIFF structure; offsets in it count from its first byte.
    struct Reader {
        let bytes: ArraySlice<UInt8>
        let littleEndian: Bool
        /// Where IFD0 is, relative to the structure.
        let firstIFD: Int

        struct Entry {
            var tag: Int
            var type: Int
            var count: Int
            /// Where the entry starts (an absolute index in `bytes`).
            var at: Int
        }

        init?(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            switch (bytes.bigEndian(at: bytes.startIndex, 2), bytes.bigEndian(at: bytes.startIndex + 2, 2)) {
            case (0x4949, 0x2A00): littleEndian = true
            case (0x4D4D, 0x002A): littleEndian = false
            default: return nil
            }
            guard let first = littleEndian ? bytes.littleEndian(at: bytes.startIndex + 4, 4) : bytes.bigEndian(at: bytes.startIndex + 4, 4)
            else { return nil }
            firstIFD = first
        }

        func number(at absolute: Int, _ length: Int) -> Int? {
            littleEndian ? bytes.littleEndian(at: absolute, length) : bytes.bigEndian(at: absolute, length)
        }

        /// The absolute index of a structure-relative offset, when it lies inside.
        func absolute(_ offset: Int) -> Int? {
            offset >= 0 && offset < bytes.count ? bytes.startIndex + offset : nil
        }

        func contains(_ offset: Int) -> Bool { absolute(offset) != nil }

        /// The entries of the IFD at `offset`, or nil when they do not all lie inside.
        func entries(at offset: Int) -> [Entry]? {
            guard let start = absolute(offset), let count = number(at: start, 2),
                  start + 2 + count * 12 <= bytes.endIndex else { return nil }
            return (0..<count).map { index in
                let at = start + 2 + index * 12
                return Entry(tag: number(at: at, 2) ?? 0, type: number(at: at + 2, 2) ?? 0, count: number(at: at + 4, 4) ?? 0, at: at)
            }
        }

        /// The offset of the IFD chained after the one at `offset`; nil when the pointer itself is missing.
        func next(after offset: Int, count: Int) -> Int? {
            absolute(offset).flatMap { number(at: $0 + 2 + count * 12, 4) }
        }

        /// Where an entry's values lie (inline or at its offset) when they are of `size` bytes each
        /// and all inside; nil otherwise.
        func values(_ entry: Entry, size: Int) -> Range<Int>? {
            guard Self.unitSize(entry.type) == size else { return nil }
            let total = entry.count * size
            guard total <= bytes.count else { return nil }
            if total <= 4 { return (entry.at + 8)..<(entry.at + 8 + total) }
            guard let offset = number(at: entry.at + 8, 4), let start = absolute(offset), start <= bytes.endIndex - total else {
                return nil
            }
            return start..<(start + total)
        }

        static func unitSize(_ type: Int) -> Int? {
            switch type {
            case 1, 2, 6, 7: 1
            case 3, 8: 2
            case 4, 9, 11, 13: 4
            case 5, 10, 12: 8
            default: nil
            }
        }
    }
}
