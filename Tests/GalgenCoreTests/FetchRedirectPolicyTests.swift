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

    @Test("A public host may not send us to this machine or the local network", arguments: [
        "https://127.0.0.1/a.jpg", "https://127.8.9.10:8443/a.jpg", "https://localhost/a.jpg", "https://LocalHost./a.jpg",
        "https://img.localhost/a.jpg", "https://[::1]/a.jpg", "https://[0:0:0:0:0:0:0:1]/a.jpg", "https://0.0.0.0/a.jpg",
        "https://10.0.0.1/a.jpg", "https://10.255.255.255/a.jpg", "https://172.16.0.1/a.jpg", "https://172.31.255.254/a.jpg",
        "https://192.168.1.20/a.jpg", "https://169.254.169.254/latest/meta-data", "https://[fc00::1]/a.jpg",
        "https://[fd12:3456:789a::1]/a.jpg", "https://[fe80::1]/a.jpg", "https://[febf::1]/a.jpg",
        "https://[::ffff:127.0.0.1]/a.jpg", "https://[::ffff:192.168.0.1]/a.jpg",
        // What the system resolver reads as a loopback or private IPv4 address.
        "https://127.1/a.jpg", "https://2130706433/a.jpg", "https://0x7f000001/a.jpg", "https://0177.0.0.1/a.jpg",
        "https://0xA.0.0.1/a.jpg", "https://192.168.257/a.jpg",
        "//127.0.0.1/a.jpg",
    ])
    func publicToPrivateIsRefused(_ location: String) {
        guard case let .failure(problem) = policy.follow(location, visited: [start]) else {
            Issue.record("followed \(location)")
            return
        }
        guard case let .inwardRedirect(from, _) = problem else { Issue.record("\(location): \(problem)"); return }
        #expect(from == "example.org")
    }

    @Test("Public addresses and names are followed", arguments: [
        "https://8.8.8.8/a.jpg", "https://172.15.255.255/a.jpg", "https://172.32.0.1/a.jpg", "https://192.169.0.1/a.jpg",
        "https://11.0.0.1/a.jpg", "https://[2001:db8::1]/a.jpg", "https://[fbff::1]/a.jpg",
        "https://10.example.org/a.jpg", "https://localhost.example.org/a.jpg", "https://127.0.0.1.nip.example/a.jpg",
        "https://1.2.3.4.5/a.jpg", "https://cafe/a.jpg", "/127.0.0.1",
    ])
    func publicToPublicIsFollowed(_ location: String) {
        guard case .success = policy.follow(location, visited: [start]) else {
            Issue.record("refused \(location): \(policy.follow(location, visited: [start]))")
            return
        }
    }

    @Test func inwardIsJudgedFromTheHostThatRedirects() {
        let local = "http://127.0.0.1:8080/a.jpg", lan = "https://192.168.1.5/a.jpg"
        // Loopback may go anywhere; the local network may stay there, but not go to loopback.
        #expect(policy.follow("http://localhost:9000/b.jpg", visited: [local]) == .success("http://localhost:9000/b.jpg"))
        #expect(policy.follow("https://10.1.2.3/b.jpg", visited: [local]) == .success("https://10.1.2.3/b.jpg"))
        #expect(policy.follow("/b.jpg", visited: [lan]) == .success("https://192.168.1.5/b.jpg"))
        #expect(policy.follow("https://10.0.0.7/b.jpg", visited: [lan]) == .success("https://10.0.0.7/b.jpg"))
        #expect(policy.follow("https://127.0.0.1/b.jpg", visited: [lan])
                == .failure(.inwardRedirect(from: "192.168.1.5", to: "https://127.0.0.1/b.jpg")))
        // A chain that went out may not come back in.
        #expect(policy.follow("https://127.0.0.1:8080/c.jpg", visited: [local, "https://example.com/b.jpg"])
                == .failure(.inwardRedirect(from: "example.com", to: "https://127.0.0.1:8080/c.jpg")))
        // Credentials in the target are never shown.
        let problem = policy.follow("https://u:secret@10.0.0.1/b.jpg", visited: [start]).failureValue
        #expect(problem == .inwardRedirect(from: "example.org", to: "https://10.0.0.1/b.jpg"))
        #expect(problem?.description == "refused a redirect from example.org to a loopback or private address (https://10.0.0.1/b.jpg): "
                + "a server may not send galgen into this machine or the local network; use that URL in gallery.yml if it is meant")
        #expect(problem?.isRetryable == false)
    }

    @Test("Host scopes", arguments: [
        ("127.0.0.1", HostScope.loopback), ("[::1]", .loopback), ("::", .loopback), ("0", .loopback), ("localhost.", .loopback),
        ("100.64.0.1", .privateNetwork), ("100.128.0.1", .publicNetwork), ("[fe80::1%25eth0]", .privateNetwork),
        ("256.0.0.1", .publicNetwork), ("1.2.3", .publicNetwork), ("::ffff:8.8.8.8", .publicNetwork), ("1:2:3:4:5:6:7:8:9", .publicNetwork),
        ("example.org", .publicNetwork), ("", .publicNetwork),
    ])
    func scopes(_ host: String, _ scope: HostScope) {
        #expect(HostScope(host: host) == scope)
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
