import Testing
@testable import GalgenCore

/// `private:` on an album: where its passwords are, never a password.
struct PrivateConfigTests {
    static func album(_ privateBlock: String) -> String {
        "title: T\nalbums:\n  - title: Family\n    private: \(privateBlock)\n    images: [a.jpg]\n"
    }

    @Test func variablesFilesAndListedAreRead() throws {
        let one = try #require(parseGallery(Self.album("{password_env: FAMILY_PASSWORD}")))
        #expect(one.albums[0].privateAccess == PrivateAccess(passwords: [.environment("FAMILY_PASSWORD")]))
        let many = try #require(parseGallery(Self.album("{password_env: [A_1, _B], password_file: [../secrets/family.txt], listed: true}")))
        #expect(many.albums[0].privateAccess == PrivateAccess(passwords: [.environment("A_1"), .environment("_B"),
                                                                           .file("../secrets/family.txt")], listed: true))
        #expect(parseGallery("title: T\nalbums:\n  - title: A\n    images: [a.jpg]\n")?.albums[0].privateAccess == nil)
    }

    @Test(arguments: [
        ("true", "private"),
        ("{password: hunter2hunter2}", "password"),
        ("{listed: true}", "password_env"),
        ("{password_env: 1PASSWORD}", "private.password_env"),
        ("{password_env: FAMILY-PASSWORD}", "private.password_env"),
        ("{password_env: [A, {x: 1}]}", "private.password_env"),
        ("{password_file: ''}", "private.password_file"),
    ])
    func aPasswordOrAnUnreadableSourceIsRefused(block: String, key: String) {
        let errors = parseErrors(Self.album(block))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first.map { "\($0)".contains(key) } == true, "\(errors)")
    }

    @Test func privateAndUnlistedTogetherAreRefused() {
        let errors = parseErrors("title: T\nalbums:\n  - title: F\n    unlisted: true\n    private: {password_env: P}\n    images: [a.jpg]\n")
        #expect(errors.count == 1 && "\(errors[0])".contains("private") && "\(errors[0])".contains("unlisted"), "\(errors)")
    }
}
