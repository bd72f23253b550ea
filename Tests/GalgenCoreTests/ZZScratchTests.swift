import Testing
@testable import GalgenCore
struct ZZScratch {
    @Test func show() {
        for (text, name) in [("title: [a\n", "a.yml"), ("title: a\ntitle: b\n", "a.yml"), ("captoin: x", "a.yml"), ("Low tide", "a.yml"),
                             ("caption: [a]", "a.yml"), ("caption: \"\\x07\"", "a.yml"), ("a\u{7}", "a.txt"), ("caption: \"open\n", "a.yml")] {
            print("SCRATCH", name, text.debugDescription, "→", Sidecar.parse(Array(text.utf8), name: name))
        }
        print("SCRATCH", Sidecar.parse([0x61, 0xFF], name: "a.txt"))
    }
}
