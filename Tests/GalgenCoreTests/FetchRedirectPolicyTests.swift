import Testing
@testable import GalgenCore

@Suite("Fetch: redirect policy")
struct FetchRedirectPolicyTests {
    let policy = RedirectPolicy()
    let start = "https://example.org/a/x.jpg?size=l"

    @Test("Relative Locations resolve against the current URL", arguments: [
        ("/b.jpg", "https://example.org/b.jpg"),
        ("c.jpg", "https://example.org/a/c.jpg"),
        ("../up.jpg", "https://example.org/up.jpg"),
        ("?size=m", "https://example.org/a/x.jpg?size=m"),
        ("//cdn.example.net/c.jpg", "https://cdn.example.net/c.jpg"),
        ("https://other.org/z.jpg", "https://other.org/z.jpg"),
    ])
    func relative(_ location: String, _ target: String) {
        #expect(policy.follow(location, visited: [start]) == .success(target))
    }

    @Test func resolvesAgainstTheLastHopNotTheFirst() {
        let visited = [start, "https://cdn.example.net/img/1.jpg"]
        #expect(policy.follow("2.jpg", visited: visited) == .success("https://cdn.example.net/img/2.jpg"))
    }

    @Test("https never goes down to http, not even to loopback or an allowed host", arguments: [
        "http://example.org/a.jpg", "http://localhost/a.jpg", "http://127.0.0.1:8080/a.jpg", "http://nas.local/a.jpg",
        "HTTP://example.org/a.jpg",
    ])
    func httpsToHTTPIsRefused(_ location: String) {
        let lenient = RedirectPolicy(allowInsecureHosts: ["nas.local", "example.org"])
        guard case let .failure(problem) = lenient.follow(location, visited: [start]) else {
            Issue.record("followed \(location)")
            return
        }
        guard case .insecureRedirect = problem else { Issue.record("\(problem)"); return }
    }

    @Test func theRefusedTargetIsNamedInTheMessage() {
        #expect(policy.follow("http://example.org/a.jpg", visited: [start]) == .failure(.insecureRedirect(to: "http://example.org/a.jpg")))
        #expect(FetchProblem.insecureRedirect(to: "http://example.org/a.jpg").description
                .hasPrefix("refused a redirect to plain http (http://example.org/a.jpg)"))
    }

    @Test func httpToAnotherHTTPHostNeedsLoopbackOrTheAllowList() {
        let local = "http://127.0.0.1:8080/a.jpg"
        #expect(policy.follow("http://example.com/b.jpg", visited: [local]) == .failure(.insecureRedirect(to: "http://example.com/b.jpg")))
        #expect(policy.follow("http://127.0.0.1.example.com/b.jpg", visited: [local])
                == .failure(.insecureRedirect(to: "http://127.0.0.1.example.com/b.jpg")))
        #expect(policy.follow("http://localhost:9000/b.jpg", visited: [local]) == .success("http://localhost:9000/b.jpg"))
        #expect(policy.follow("http://[::1]:9000/b.jpg", visited: [local]) == .success("http://[::1]:9000/b.jpg"))
        #expect(policy.follow("/b.jpg", visited: [local]) == .success("http://127.0.0.1:8080/b.jpg"))
        let allowed = RedirectPolicy(allowInsecureHosts: ["Example.COM"])
        #expect(allowed.allowInsecureHosts == ["example.com"])
        #expect(allowed.follow("http://EXAMPLE.com/b.jpg", visited: [local]) == .success("http://EXAMPLE.com/b.jpg"))
        #expect(allowed.follow("http://sub.example.com/b.jpg", visited: [local])
                == .failure(.insecureRedirect(to: "http://sub.example.com/b.jpg")))
    }

    @Test func anAllowedHTTPHostMayNotSendUsToAnotherHTTPHost() {
        let allowed = RedirectPolicy(allowInsecureHosts: ["nas.local"])
        #expect(allowed.follow("http://nas.local/b.jpg", visited: ["http://nas.local/a.jpg"]) == .success("http://nas.local/b.jpg"))
        #expect(allowed.follow("http://evil.example/b.jpg", visited: ["http://nas.local/a.jpg"])
                == .failure(.insecureRedirect(to: "http://evil.example/b.jpg")))
    }

    @Test func httpUpToHTTPSIsFine() {
        #expect(policy.follow("https://example.com/b.jpg", visited: ["http://localhost/a.jpg"]) == .success("https://example.com/b.jpg"))
    }

    @Test func loopsAreDetected() {
        let visited = [start, "https://example.org/b.jpg"]
        #expect(policy.follow(start, visited: visited) == .failure(.redirectLoop(start)))
        #expect(policy.follow("/b.jpg", visited: visited) == .failure(.redirectLoop("https://example.org/b.jpg")))
        #expect(policy.follow("x.jpg?size=l", visited: [start]) == .failure(.redirectLoop(start)))
        #expect(FetchProblem.redirectLoop(start).description == "redirect loop (back to \(start))")
    }

    @Test func exactlyFiveRedirectsAreFollowed() {
        var visited = [start]
        for hop in 1...5 {
            let next = "https://example.org/hop\(hop).jpg"
            #expect(policy.follow(next, visited: visited) == .success(next), "hop \(hop)")
            visited.append(next)
        }
        #expect(policy.follow("https://example.org/hop6.jpg", visited: visited) == .failure(.tooManyRedirects(limit: 5)))
        #expect(FetchProblem.tooManyRedirects(limit: 5).description == "more than 5 redirects")
    }

    @Test func theLimitIsASetting() {
        let none = RedirectPolicy(maxRedirects: 0)
        #expect(none.follow("/b.jpg", visited: [start]) == .failure(.tooManyRedirects(limit: 0)))
        let two = RedirectPolicy(maxRedirects: 2)
        #expect(two.follow("/c.jpg", visited: [start, "https://example.org/b.jpg"]) == .success("https://example.org/c.jpg"))
        #expect(two.follow("/d.jpg", visited: [start, "https://example.org/b.jpg", "https://example.org/c.jpg"])
                == .failure(.tooManyRedirects(limit: 2)))
    }

    @Test("Only http and https are followed", arguments: [
        ("ftp://example.org/a.jpg", "ftp://example.org/a.jpg"),
        ("file:///etc/passwd", "file:///etc/passwd"),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("data:image/jpeg;base64,AAAA", "data:image/jpeg;base64,AAAA"),
        ("ftp://user:secret@example.org/a.jpg", "ftp://example.org/a.jpg"),
    ])
    func otherSchemes(_ location: String, _ shown: String) {
        #expect(policy.follow(location, visited: [start]) == .failure(.unsupportedRedirect(to: shown)))
    }

    @Test("A Location that is not a URL is refused, redacted", arguments: [
        ("http://[bad", "http://[bad"), ("http://user:secret@[bad/x", "http://[bad/x"),
    ])
    func unparseable(_ location: String, _ shown: String) {
        #expect(policy.follow(location, visited: [start]) == .failure(.unsupportedRedirect(to: shown)))
    }

    @Test func nothingVisitedIsRefused() {
        #expect(policy.follow("https://example.org/a.jpg", visited: []) == .failure(.unsupportedRedirect(to: "https://example.org/a.jpg")))
    }

    @Test("Credentials go only to the origin they were written for", arguments: [
        ("https://u:p@example.org/a.jpg", "https://example.org/b.jpg", true),
        ("https://u:p@example.org/a.jpg", "https://EXAMPLE.org:443/b.jpg", true),
        ("http://u:p@127.0.0.1:8080/a.jpg", "http://127.0.0.1:8080/b.jpg", true),
        ("http://u:p@127.0.0.1:8080/a.jpg", "http://127.0.0.1:8081/b.jpg", false),
        ("https://u:p@example.org/a.jpg", "https://example.org:8443/b.jpg", false),
        ("http://u:p@example.org/a.jpg", "https://example.org/b.jpg", false),
        ("https://u:p@example.org/a.jpg", "https://cdn.example.org/b.jpg", false),
        ("http://u:p@localhost:8080/a.jpg", "http://127.0.0.1:8080/b.jpg", false),
    ])
    func credentialsStayWithTheirOrigin(_ original: String, _ target: String, _ sent: Bool) {
        #expect(RedirectPolicy.sendsCredentials(writtenFor: original, to: target) == sent)
    }

    @Test func credentialsAreKeptForTheRequestButNeverShown() {
        #expect(policy.follow("https://user:secret@cdn.example.org/a.jpg", visited: [start])
                == .success("https://user:secret@cdn.example.org/a.jpg"))
        let problems: [FetchProblem?] = [
            policy.follow("http://user:secret@example.org/a.jpg", visited: [start]).failureValue,
            policy.follow("ftp://user:secret@example.org/a.jpg", visited: [start]).failureValue,
            policy.follow("https://user:secret@example.org/a.jpg",
                          visited: ["https://user:secret@example.org/a.jpg", "https://example.org/b.jpg"]).failureValue,
            policy.follow("gopher://user:secret@[x", visited: [start]).failureValue,
        ]
        #expect(problems == [
            .insecureRedirect(to: "http://example.org/a.jpg"), .unsupportedRedirect(to: "ftp://example.org/a.jpg"),
            .redirectLoop("https://example.org/a.jpg"), .unsupportedRedirect(to: "gopher://[x"),
        ])
        for problem in problems {
            #expect(problem.map { !$0.description.contains("secret") && !$0.description.contains("user") } == true)
        }
    }
}

extension Result {
    var failureValue: Failure? {
        if case let .failure(error) = self { error } else { nil }
    }
}
