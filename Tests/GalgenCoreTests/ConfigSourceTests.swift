import Testing
@testable import GalgenCore

/// How `src` strings are classified: local paths, URLs, schemes, and what a message may show.
@Suite("ConfigParser: image sources")
struct ConfigSourceTests {
    /// The single error for `src`, written both as `- src: X` (column 10) and as the `- X` shorthand (column 5).
    private func sourceErrors(_ src: String, settings: String = "") -> [ConfigError] {
        parseErrors(settings + "images:\n  - src: '\(src)'\n") + parseErrors(settings + "images:\n  - '\(src)'\n")
    }

    private func expectOnly(_ kind: ConfigError.Kind, for src: String, settings: String = "",
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let line = settings.split(separator: "\n").count + 2
        #expect(sourceErrors(src, settings: settings)
                == [ConfigError(kind, at: at(line, 10)), ConfigError(kind, at: at(line, 5))],
                sourceLocation: sourceLocation)
    }

    @Test("Unsupported schemes", arguments: [
        ("ftp://example.com/a.jpg", "ftp"), ("file:///etc/passwd", "file"), ("javascript:alert(1)", "javascript"),
        ("FTP://example.com/a.jpg", "FTP"), ("data:image/png;base64,AAAA", "data"), ("mailto:me@example.com", "mailto"),
        ("s3+https://bucket/a.jpg", "s3+https"),
    ])
    func unsupportedScheme(_ src: String, _ scheme: String) {
        expectOnly(.unsupportedScheme(scheme, url: src), for: src)
        let error = ConfigError(.unsupportedScheme(scheme, url: src), at: at(2, 10))
        #expect(error.message == "'\(src)' uses the unsupported scheme '\(scheme):'. "
                + "Use an https:// URL or a path relative to gallery.yml.")
    }

    @Test("Not a scheme: drive letters, digits first, colons after a slash", arguments: [
        ("C:\\x.jpg", "/site/C:\\x.jpg"), ("c:/photos/a.jpg", "/site/c:/photos/a.jpg"),
        ("2024:07.jpg", "/site/2024:07.jpg"), ("photos/a:b.jpg", "/site/photos/a:b.jpg"),
        ("./img:1.jpg", "/site/img:1.jpg"), ("my photo: one.jpg", "/site/my photo: one.jpg"),
    ])
    func notAScheme(_ src: String, _ resolved: String) throws {
        #expect(SourceClassifier.scheme(of: src) == nil)
        let gallery = try #require(parseGallery("images:\n  - src: '\(src)'\n  - '\(src)'\n"))
        #expect(gallery.allImages.map(\.source) == Array(repeating: .local(written: src, resolved: resolved), count: 2))
    }

    /// The sources `src` parses into, written both as `- src: X` and as the `- X` shorthand.
    private func sources(_ src: String, settings: String = "",
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ImageSource]? {
        parseGallery(settings + "images:\n  - src: '\(src)'\n  - '\(src)'\n", sourceLocation: sourceLocation)
            .map { $0.allImages.map(\.source) }
    }

    @Test("https URLs are remote sources, kept as written",
          arguments: ["https://example.com/a.jpg", "HTTPS://example.com/a.jpg", "https://example.com:8443/a%20b.jpg?x=1"])
    func httpsIsRemote(_ src: String) {
        #expect(sources(src) == [.remote(src), .remote(src)])
    }

    @Test func surroundingSpacesAreTrimmedFromURLs() throws {
        let gallery = try #require(parseGallery("images:\n  - src: '  https://example.com/a.jpg '\n"))
        #expect(gallery.allImages.map(\.source) == [.remote("https://example.com/a.jpg")])
    }

    @Test("Plain http is insecure", arguments: [
        ("http://example.com/a.jpg", "example.com"), ("http://Example.COM:8080/a.jpg", "example.com"),
        ("HTTP://10.0.0.5/a.jpg", "10.0.0.5"), ("http://nas.local/a.jpg", "nas.local"),
    ])
    func insecureHTTP(_ src: String, _ host: String) {
        expectOnly(.insecureURL(url: src, host: host), for: src)
        let message = ConfigError(.insecureURL(url: src, host: host), at: at(1, 1)).message
        #expect(message == "'\(src)' uses plain http. Use https, or list '\(host)' under download.allow_insecure_hosts "
                + "if you trust the network.")
    }

    @Test func allowedInsecureHostsBecomeRemoteSources() throws {
        let settings = "download:\n  allow_insecure_hosts: [nas.local, Example.COM]\n"
        let gallery = try #require(parseGallery(settings + """
            images:
              - http://example.com/a.jpg
              - http://NAS.local:8080/b.jpg
            """))
        #expect(gallery.allImages.map(\.source) == [.remote("http://example.com/a.jpg"), .remote("http://NAS.local:8080/b.jpg")])
        #expect(gallery.download.allowInsecureHosts == ["nas.local", "Example.COM"])
    }

    @Test func hostsNotOnTheAllowListStayInsecure() {
        let yaml = """
            images:
              - http://example.com/a.jpg
              - http://nas.local/b.jpg
              - http://other.org/c.jpg
              - http://sub.nas.local/d.jpg
            download:
              allow_insecure_hosts: [nas.local, Example.COM]
            """
        #expect(parseErrors(yaml) == [
            ConfigError(.insecureURL(url: "http://other.org/c.jpg", host: "other.org"), at: at(4, 5)),
            ConfigError(.insecureURL(url: "http://sub.nas.local/d.jpg", host: "sub.nas.local"), at: at(5, 5)),
        ])
    }

    @Test("Loopback hosts need no allow list", arguments: [
        "http://localhost/a.jpg", "http://LOCALHOST:8080/a.jpg", "http://127.0.0.1/a.jpg",
        "http://127.1.2.3:8000/a.jpg", "http://[::1]/a.jpg", "http://[::1]:8080/a.jpg",
    ])
    func loopbackIsRemote(_ src: String) {
        #expect(sources(src) == [.remote(src), .remote(src)])
    }

    @Test(arguments: ["http://127.attacker.example/a.jpg", "http://127.0.0.1.example.com/a.jpg"])
    func hostNamesStartingWith127AreNotLoopback(_ src: String) {
        let host = String(src.dropFirst("http://".count).prefix { $0 != "/" })
        expectOnly(.insecureURL(url: src, host: host), for: src)
    }

    @Test("Credentials in accepted URLs are kept for the download but never shown", arguments: [
        "https://user:secret@example.com/x.jpg", "https://:secret@example.com/x.jpg", "https://secret@example.com/x.jpg",
    ])
    func acceptedURLsShowNoCredentials(_ src: String) throws {
        let parsed = try #require(sources(src))
        #expect(parsed == [.remote(src), .remote(src)])
        for source in parsed {
            #expect(source.description == "https://example.com/x.jpg")
            #expect(!source.description.contains("secret"))
        }
    }

    @Test func remoteSourceDescriptionHasNoCredentials() {
        let description = ImageSource.remote("https://user:secret@example.com/x.jpg").description
        #expect(description == "https://example.com/x.jpg")
        #expect(!description.contains("secret") && !description.contains("user"))
    }

    @Test("Credentials never reach an error message", arguments: [
        ("http://user:secret@example.com/x.jpg", ConfigError.Kind.insecureURL(url: "http://example.com/x.jpg", host: "example.com")),
        ("http://secret@other.org:8080/x.jpg", .insecureURL(url: "http://other.org:8080/x.jpg", host: "other.org")),
        ("ftp://user:secret@example.com/x.jpg", .unsupportedScheme("ftp", url: "ftp://example.com/x.jpg")),
    ])
    func credentialsAreRedacted(_ src: String, _ kind: ConfigError.Kind) {
        expectOnly(kind, for: src)
        for error in sourceErrors(src) {
            #expect(!error.description.contains("secret"))
            #expect(!error.description.contains("user"))
        }
    }

    @Test(arguments: ["http://user:secret@[example.com/x.jpg", "ftp://user:secret@exa mple.com/x.jpg"])
    func credentialsInUnparseableURLsAreRedacted(_ src: String) {
        let errors = sourceErrors(src)
        #expect(errors.count == 2)
        for error in errors { #expect(!error.description.contains("secret"), "\(error)") }
        #expect(!URLRedaction.redact(src).contains("secret"))
    }

    @Test(arguments: ["https://user:secret@example.com:notaport/x.jpg", "https://user:secret@example.com:-1/x.jpg"])
    func unparseableHTTPSURLsAreRemoteAndRedacted(_ src: String) throws {
        let parsed = try #require(sources(src))
        #expect(parsed == [.remote(src), .remote(src)])
        #expect(parsed.allSatisfy { !$0.description.contains("secret") && $0.description.hasPrefix("https://example.com:") })
    }

    @Test("URLRedaction", arguments: [
        ("https://example.com/a.jpg", "https://example.com/a.jpg"),
        ("https://u:p@example.com/a.jpg", "https://example.com/a.jpg"),
        ("https://u@example.com:8443/a.jpg?q=1", "https://example.com:8443/a.jpg?q=1"),
        ("photos/a.jpg", "photos/a.jpg"),
    ])
    func redaction(_ url: String, _ shown: String) {
        #expect(URLRedaction.redact(url) == shown)
    }

    @Test("Scheme detection", arguments: [
        ("https://x", "https"), ("a1+-.b:x", "a1+-.b"), ("C:x", nil), ("1a:x", nil), ("é1:x", nil), ("a b:x", nil), ("a/b:x", nil),
        ("noscheme", nil),
    ] as [(String, String?)])
    func schemeDetection(_ text: String, _ scheme: String?) {
        #expect(SourceClassifier.scheme(of: text) == scheme)
    }
}
