import GalgenTestSupport
import Testing
@testable import GalgenCore

/// Issue 15: `sort: name` and the order of a folder's photos.
@Suite("NaturalOrder")
struct NaturalOrderTests {
    @Test("Examples sort as people expect", arguments: [
        (["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"], ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"]),
        (["b.jpg", "a.jpg", "C.jpg"], ["a.jpg", "b.jpg", "C.jpg"]),
        (["b/a.jpg", "a/z.jpg", "a.jpg"], ["a/z.jpg", "a.jpg", "b/a.jpg"]),
        (["10/a.jpg", "2/z.jpg", "1/b.jpg"], ["1/b.jpg", "2/z.jpg", "10/a.jpg"]),
        (["a/b.jpg", "a/b/c.jpg", "a/a.jpg"], ["a/a.jpg", "a/b/c.jpg", "a/b.jpg"]),
        (["photo 2.jpg", "photo.jpg", "photo-edit.jpg"], ["photo.jpg", "photo 2.jpg", "photo-edit.jpg"]),
        (["IMG_1-edit.jpg", "IMG_1.jpg", "IMG_1a.jpg"], ["IMG_1.jpg", "IMG_1-edit.jpg", "IMG_1a.jpg"]),
        (["v1.10.jpg", "v1.9.jpg", "v1.2.jpg"], ["v1.2.jpg", "v1.9.jpg", "v1.10.jpg"]),
        (["2.jpg", "001.jpg", "01.jpg", "1.jpg", "0.jpg", "00.jpg"], ["0.jpg", "00.jpg", "1.jpg", "01.jpg", "001.jpg", "2.jpg"]),
        (["1b.jpg", "01a.jpg"], ["01a.jpg", "1b.jpg"]),
        (["a.jpg", "1.jpg", "_.jpg", " .jpg"], [" .jpg", "1.jpg", "_.jpg", "a.jpg"]),
        (["Zürich.jpg", "Zug.jpg", "zebra.jpg"], ["zebra.jpg", "Zug.jpg", "Zürich.jpg"]),
    ])
    func examples(_ names: [String], _ expected: [String]) {
        #expect(NaturalOrder.sorted(names) == expected)
        #expect(names.sorted(by: NaturalOrder.precedes) == expected)
    }

    @Test func lettersDifferingOnlyInCaseHaveAFixedOrder() {
        #expect(NaturalOrder.precedes("IMG_1.jpg", "img_1.jpg"))
        #expect(!NaturalOrder.precedes("img_1.jpg", "IMG_1.jpg"))
        #expect(NaturalOrder.sorted(["img_1.jpg", "IMG_2.jpg", "IMG_1.jpg"]) == ["IMG_1.jpg", "img_1.jpg", "IMG_2.jpg"])
        #expect(NaturalOrder.sorted(["IMG_2.jpg", "IMG_1.jpg", "img_1.jpg"]) == ["IMG_1.jpg", "img_1.jpg", "IMG_2.jpg"])
    }

    @Test func nfcAndNFDNamesCompareAlikeAgainstEveryOtherName() {
        let nfc = "Caf\u{E9} 2.jpg", nfd = "Cafe\u{301} 2.jpg"
        let others = ["Cafe 2.jpg", "Cafd.jpg", "Caf\u{E9} 10.jpg", "Caf\u{E9}.jpg", "cafe\u{301} 1.jpg", "Cafg.jpg", "CAF\u{C9} 3.jpg"]
        for other in others {
            #expect(NaturalOrder.precedes(nfc, other) == NaturalOrder.precedes(nfd, other), "\(other)")
            #expect(NaturalOrder.precedes(other, nfc) == NaturalOrder.precedes(other, nfd), "\(other)")
        }
        // Equal but for their spelling: told apart only by their scalars, so side by side.
        let sorted = NaturalOrder.sorted(others + [nfd, nfc])
        let places = sorted.indices.filter { sorted[$0].unicodeScalars.elementsEqual(nfc.unicodeScalars)
            || sorted[$0].unicodeScalars.elementsEqual(nfd.unicodeScalars) }
        #expect(places.count == 2 && places[1] == places[0] + 1, "\(sorted)")
    }

    @Test func numbersOfAnyLengthCompareByValue() {
        let big = "IMG_" + String(repeating: "9", count: 40) + ".jpg"
        let bigger = "IMG_1" + String(repeating: "0", count: 40) + ".jpg"
        #expect(NaturalOrder.precedes(big, bigger))
        #expect(!NaturalOrder.precedes(bigger, big))
        #expect(NaturalOrder.precedes("IMG_" + String(repeating: "0", count: 50) + "7.jpg", "IMG_8.jpg"))
        #expect(NaturalOrder.precedes("IMG_7.jpg", "IMG_" + String(repeating: "0", count: 50) + "7.jpg"))
        #expect(NaturalOrder.sorted(["18446744073709551616", "18446744073709551615", "9"])
            == ["9", "18446744073709551615", "18446744073709551616"])
    }

    @Test func emptyAndIdenticalNames() {
        #expect(!NaturalOrder.precedes("", ""))
        #expect(NaturalOrder.precedes("", "a"))
        #expect(!NaturalOrder.precedes("a", ""))
        #expect(!NaturalOrder.precedes("IMG_1.jpg", "IMG_1.jpg"))
    }

    @Test func tenThousandNamesSortQuickly() {
        let names = (0..<10_000).map { index in
            index % 3 == 0 ? "Été \(index % 97)/IMG_\(index).JPG" : "day \(index % 31)/IMG_\(10_000 - index).jpg"
        }
        let clock = ContinuousClock()
        var sorted: [String] = []
        let elapsed = clock.measure { sorted = NaturalOrder.sorted(names) }
        #expect(sorted.count == names.count)
        #expect(sorted.first == "day 0/IMG_18.jpg")
        // About 0.4 s in a debug build here; the bound only catches something pathological.
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }

    /// Random names from pieces that meet every rule: case, digits with zeros, folders, dots,
    /// composed and decomposed accents, letters whose lower case is longer.
    static func randomNames(count: Int, seed: UInt64) -> [String] {
        let pieces = ["a", "A", "b", "B", "0", "00", "1", "01", "9", "10", "/", ".", "-", " ", "_", "\u{E9}", "e\u{301}",
                      "\u{C9}", "E\u{301}", "\u{DF}", "\u{130}", "z", "jpg"]
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
    }

    @Test func aStrictTotalOrderOnRandomNames() {
        let names = Self.randomNames(count: 60, seed: 15)
        let keys = names.map(NaturalOrder.Key.init)
        for i in keys.indices {
            #expect(!(keys[i] < keys[i]), "irreflexive: \(names[i].debugDescription)")
            for j in keys.indices {
                let before = keys[i] < keys[j], after = keys[j] < keys[i]
                let same = names[i].unicodeScalars.elementsEqual(names[j].unicodeScalars)
                #expect(!(before && after), "antisymmetric: \(names[i].debugDescription) \(names[j].debugDescription)")
                #expect(before || after || same, "total: \(names[i].debugDescription) \(names[j].debugDescription)")
                guard before else { continue }
                for k in keys.indices where keys[j] < keys[k] {
                    #expect(keys[i] < keys[k], "transitive: \(names[i].debugDescription) \(names[j].debugDescription) \(names[k].debugDescription)")
                }
            }
        }
    }

    @Test func sortedAgreesWithPrecedes() {
        let names = Self.randomNames(count: 300, seed: 2024)
        let sorted = NaturalOrder.sorted(names)
        #expect(sorted.count == names.count)
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(!NaturalOrder.precedes(b, a), "\(a.debugDescription) \(b.debugDescription)")
        }
        #expect(NaturalOrder.sorted(names.reversed()) == sorted)
    }
}
