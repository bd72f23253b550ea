import Testing
@testable import GalgenServe

@Suite struct HostPolicyTests {
    let policy = HostPolicy(boundHost: "127.0.0.1")

    @Test(arguments: [
        "127.0.0.1:8000", "127.0.0.1", "localhost:8000", "LOCALHOST:8000", "localhost.:8000", "app.localhost:8000",
        "[::1]:8000", "[::1]", "192.168.1.20:8000", "10.0.0.1",
    ])
    func thisMachinesNamesAndIPAddressesAreAnswered(host: String) {
        #expect(policy.allowsHost(host))
    }

    /// DNS rebinding: a name the attacker controls that resolves to 127.0.0.1.
    @Test(arguments: [
        "evil.example:8000", "evil.example", "127.0.0.1.evil.example:8000", "localhost.evil.example", "1.2.3:8000",
        "256.0.0.1:8000", "[::1", "[::1]x", "host:port", "a/b", "user@127.0.0.1", "", "١٢٧.0.0.1",
    ])
    func otherNamesAreRefused(host: String) {
        #expect(!policy.allowsHost(host))
    }

    @Test func theBoundNameAndAllowedNamesAreAnswered() {
        let named = HostPolicy(boundHost: "photos.lan", allowedNames: ["Studio.Local"])
        #expect(named.allowsHost("photos.lan:8000"))
        #expect(named.allowsHost("studio.local:8000"))
        #expect(!named.allowsHost("other.lan:8000"))
    }

    @Test func theEventsEndpointOnlyAnswersPagesOfThisServer() {
        #expect(policy.allowsOrigin(nil, host: "127.0.0.1:8000"))
        #expect(policy.allowsOrigin("http://127.0.0.1:8000", host: "127.0.0.1:8000"))
        #expect(policy.allowsOrigin("http://LOCALHOST:8000", host: "localhost:8000"))
        #expect(!policy.allowsOrigin("http://evil.example", host: "127.0.0.1:8000"))
        #expect(!policy.allowsOrigin("http://127.0.0.1:9999", host: "127.0.0.1:8000"))
        #expect(!policy.allowsOrigin("null", host: "127.0.0.1:8000"))
        #expect(!policy.allowsOrigin("http://evil.example:8000", host: "evil.example:8000"))
        #expect(!policy.allowsOrigin("http://127.0.0.1:8000", host: nil))
    }

    @Test func loopbackAddressesAreKnown() {
        #expect(HostPolicy.isLoopback("127.0.0.1"))
        #expect(HostPolicy.isLoopback("localhost"))
        #expect(HostPolicy.isLoopback("::1"))
        #expect(HostPolicy.isLoopback("[::1]"))
        #expect(!HostPolicy.isLoopback("0.0.0.0"))
        #expect(!HostPolicy.isLoopback("::"))
        #expect(!HostPolicy.isLoopback("192.168.1.20"))
    }
}
