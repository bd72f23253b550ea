import GalgenCore
import Testing

/// `TextOrder` sorts as `String`'s `<` does, by bytes only where every text is ASCII.
struct TextOrderTests {
    static let ascii = ["photo-000010/index.html", "photo-00001/index.html", "images/a.jpg", "", "a", "A", "a\u{0}", "a b",
                        "images/a.jpg", "images/a.jpga", ".galgen-site", "~", "Z/z", "z"]

    @Test func asciiTextIsInStringOrderWithTiesInTheirOrder() {
        let order = TextOrder.order(Self.ascii)
        #expect(order.map { Self.ascii[$0] } == Self.ascii.sorted())
        // The two "images/a.jpg" in the order they came.
        let twins = order.filter { Self.ascii[$0] == "images/a.jpg" }
        #expect(twins == [2, 8])
    }

    @Test func anyOtherTextIsInStringOrder() {
        // Canonically equal spellings (é precomposed and combined), scalars past ASCII, and bytes
        // that would sort otherwise than the scalars they spell after normalization.
        let texts = Self.ascii + ["e\u{301}", "\u{E9}", "f", "ü/x", "\u{1F600}", "\u{FB01}", "z\u{300}", "Ω"]
        let sorted = TextOrder.order(texts).map { texts[$0] }
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { !($1 < $0) })
        #expect(sorted.count == texts.count)
    }

    @Test func manyRandomTextsSortAsStringsDo() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab/.-_09Zz ")
        let texts = (0..<2_000).map { _ in String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        #expect(texts.sorted(byText: { $0 }) == texts.sorted())
        #expect(TextOrder.order([]) == [])
        #expect(TextOrder.order(["only"]) == [0])
    }
}
