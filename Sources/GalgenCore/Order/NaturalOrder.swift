import Foundation

/// The order people expect of file names and relative paths: `IMG_2` before `IMG_10`, letter
/// case ignored, the same on every machine.
///
/// Paths compare folder by folder (`a/z.jpg` before `b/a.jpg`; a name that is a prefix of
/// another, folder or file, comes first). Within a name, a run of ASCII digits compares by its
/// value (any length, never overflowing) and other text by Unicode scalar after NFC and
/// lower-casing, so an NFD name from macOS equals its NFC spelling. A `.` sorts before every other
/// character, so `photo.jpg` comes before `photo 2.jpg` and `IMG_1.jpg` before `IMG_1-edit.jpg`.
/// Names equal so far are told apart by their digit runs' leading zeros (`1` before `01`), then
/// by their exact NFC text (`IMG_1.jpg` before `img_1.jpg`), then by their scalars as written:
/// a strict total order, independent of locale.
public enum NaturalOrder {
    /// Whether `a` comes before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// The names in natural order; each name's key is made once.
    public static func sorted(_ names: [String]) -> [String] {
        sorted(names) { $0 }
    }

    /// The items in natural order of their names; each name's key is made once.
    public static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        items.map { (Key(name($0)), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension NaturalOrder {
    /// A path turned into values whose plain lexicographic comparison is the natural order.
    struct Key: Comparable {
        /// Case-folded NFC text as weights: `/` is 0, `.` is 1, any other scalar its value + 2, and a
        /// digit run `[digitMark, count of significant digits, digits…]`. A digit run and a scalar
        /// never tie (no scalar weighs `digitMark`: digits are always in runs), and two runs are
        /// decided by their lengths before their digits are reached, so positions stay aligned.
        let weights: [UInt32]
        /// The length of every digit run, leading zeros included: fewer zeros first.
        let runLengths: [UInt32]
        let nfc: String
        let raw: String

        /// Where `0` would weigh: digits sort after spaces and punctuation, before letters.
        static let digitMark = UInt32(UInt8(ascii: "0")) + 2

        init(_ path: String) {
            raw = path
            if path.utf8.allSatisfy({ $0 < 0x80 }) {
                nfc = path
                (weights, runLengths) = Self.weigh(path.utf8.lazy.map { UInt32(Self.asciiLowercased($0)) })
            } else {
                nfc = path.nfc
                let folded = nfc.lowercased().nfc
                (weights, runLengths) = Self.weigh(folded.unicodeScalars.lazy.map(\.value))
            }
        }

        static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.weights != rhs.weights { return lhs.weights.lexicographicallyPrecedes(rhs.weights) }
            if lhs.runLengths != rhs.runLengths { return lhs.runLengths.lexicographicallyPrecedes(rhs.runLengths) }
            if !lhs.nfc.unicodeScalars.elementsEqual(rhs.nfc.unicodeScalars) {
                return lhs.nfc.unicodeScalars.lexicographicallyPrecedes(rhs.nfc.unicodeScalars)
            }
            return lhs.raw.unicodeScalars.lexicographicallyPrecedes(rhs.raw.unicodeScalars)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.raw.unicodeScalars.elementsEqual(rhs.raw.unicodeScalars)
        }

        private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }

        private static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

        private static func weigh(_ scalars: some Sequence<UInt32>) -> (weights: [UInt32], runLengths: [UInt32]) {
            var weights: [UInt32] = [], runLengths: [UInt32] = []
            var run: [UInt32] = []
            func endRun() {
                guard !run.isEmpty else { return }
                let significant = run.drop { $0 == 0 }
                weights.append(digitMark)
                weights.append(UInt32(significant.count))
                weights.append(contentsOf: significant)
                runLengths.append(UInt32(run.count))
                run.removeAll(keepingCapacity: true)
            }
            for value in scalars {
                if isDigit(value) {
                    run.append(value - 0x30)
                    continue
                }
                endRun()
                weights.append(value == 0x2F ? 0 : value == 0x2E ? 1 : value + 2)
            }
            endRun()
            return (weights, runLengths)
        }
    }
}
