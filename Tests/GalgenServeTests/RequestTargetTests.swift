import Testing
@testable import GalgenServe

@Suite struct RequestTargetTests {
    @Test(arguments: [
        ("/", RequestTarget.file("/")),
        ("/index.html", .file("/index.html")),
        ("/images/beach-400.1a2b3c4d.jpg", .file("/images/beach-400.1a2b3c4d.jpg")),
        ("/coast/", .file("/coast/")),
        ("/caf%C3%A9/", .file("/café/")),
        ("/a%20b.jpg", .file("/a b.jpg")),
    ])
    func pathsInsideTheSiteAreServed(raw: String, expected: RequestTarget) {
        #expect(RequestTarget.classify(rawPath: raw, basePath: "/") == expected)
    }

    /// Every way out of the folder, or into its hidden files, that a client can spell.
    @Test(arguments: [
        ("/../etc/passwd", 400),
        ("/images/../../etc/passwd", 400),
        ("/%2e%2e/etc/passwd", 400),
        ("/%2E%2E%2Fetc%2Fpasswd", 400),
        ("/%252e%252e/etc/passwd", 400),
        ("/%252e%252e%252fetc%252fpasswd", 400),
        ("/..%2fetc/passwd", 400),
        ("/..\\etc\\passwd", 400),
        ("/%5c..%5cetc%5cpasswd", 400),
        ("/%5C..%5Cetc", 400),
        ("//etc/passwd", 400),
        ("/%2fetc/passwd", 400),
        ("/index.html%00.jpg", 400),
        ("/%00", 400),
        ("/./index.html", 400),
        ("/images/.", 400),
        ("/a//b", 400),
        ("/%", 400),
        ("/%zz", 400),
        ("/%ff%fe", 400),
        ("etc/passwd", 400),
        ("/.git/config", 404),
        ("/.galgen-site", 404),
        ("/.galgen-cache/manifest.json", 404),
        ("/images/.hidden.jpg", 404),
        ("/%2egit/config", 404),
    ])
    func escapesAndHiddenFilesAreRefused(raw: String, status: Int) {
        guard case let .rejected(actual, reason) = RequestTarget.classify(rawPath: raw, basePath: "/") else {
            Issue.record("\(raw) was not refused")
            return
        }
        #expect(actual == status, "\(raw): \(reason)")
    }

    @Test func aBasePathMountsTheSiteInASubFolder() {
        #expect(RequestTarget.classify(rawPath: "/sub/", basePath: "/sub/") == .file("/"))
        #expect(RequestTarget.classify(rawPath: "/sub/images/a.jpg", basePath: "/sub/") == .file("/images/a.jpg"))
        #expect(RequestTarget.classify(rawPath: "/sub", basePath: "/sub/") == .redirect("/sub/"))
        #expect(RequestTarget.classify(rawPath: "/", basePath: "/sub/") == .redirect("/sub/"))
        #expect(RequestTarget.classify(rawPath: "/subway/", basePath: "/sub/") == .rejected(status: 404, reason: "outside the base path /sub/"))
        #expect(RequestTarget.classify(rawPath: "/index.html", basePath: "/sub/") == .rejected(status: 404, reason: "outside the base path /sub/"))
        #expect(RequestTarget.classify(rawPath: "/sub/../etc", basePath: "/sub/") == .rejected(status: 400, reason: "dot segment in path"))
    }

    @Test(arguments: [
        ("/", "/"), ("", "/"), ("sub", "/sub/"), ("/sub", "/sub/"), ("sub/", "/sub/"), ("/a/b/", "/a/b/"), ("//a//b", "/a/b/"),
    ])
    func basePathsAreNormalised(value: String, expected: String) {
        #expect(BasePath.normalise(value) == expected)
    }

    @Test(arguments: ["/../x", "/a/./b", "/.git", "/a b", "/a%20b", "/a?b", "/a#b", "/a\\b"])
    func unusableBasePathsAreRefused(value: String) {
        #expect(BasePath.normalise(value) == nil)
    }
}
