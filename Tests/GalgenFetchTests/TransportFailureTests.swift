import CCurlShim
import CLibCurl
import FaultServer
import Foundation
import GalgenCore
@testable import GalgenFetch
import GalgenTestSupport
import Testing
import X509

/// Failures below HTTP against real loopback connections: which codes and words libcurl
/// actually gives (the classification depends on them), and the words the user reads.
@Suite(.serialized)
struct TransportFailureTests {
    /// What the batch's client throws for one request.
    func error(_ url: String, trust: String? = nil) async throws -> any Error {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = fetcher(folder, trust: trust).makeSession(DownloadSettings(timeoutSeconds: 5))
        var thrown: (any Error)?
        do {
            _ = try await session.execute(HTTPRequest(url: url))
        } catch {
            thrown = error
        }
        await session.shutdown()
        guard let thrown else { throw Unexpected.success }
        return thrown
    }

    /// What the whole fetcher reports for one URL, retries included.
    func problem(_ url: String, trust: String? = nil) async throws -> FetchProblem? {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let results = await fetcher(folder, trust: trust).fetchAll([url], settings: DownloadSettings(timeoutSeconds: 5))
        guard case let .failure(problem) = results[url] else { return nil }
        return problem
    }

    func fetcher(_ folder: TemporaryFolder, trust: String?) -> RemoteFetcher {
        RemoteFetcher(cache: DiskCache(root: folder.path + "/cache"), offline: false, userAgent: "galgen-test",
                      retry: RetryPolicy(baseDelay: 0.01), extraTrustRoots: trust, report: { _ in })
    }

    enum Unexpected: Error { case success }

    /// A port nothing listens on any more.
    func closedPort() async throws -> Int {
        let server = try await FaultServer.start()
        await server.stop()
        return server.port
    }

    @Test func aRefusedConnectionToAnAddressCouldNotConnectWithECONNREFUSED() async throws {
        let url = "http://127.0.0.1:\(try await closedPort())/img/Landscape_1.jpg"
        let error = try await error(url)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_COULDNT_CONNECT.rawValue && failure.systemError == ECONNREFUSED, "\(failure)")
        #expect(TransportFailure(error) == .connectionRefused)
        #expect(try await problem(url) == .connection("connection refused"))
    }

    @Test func aRefusedConnectionToAHostNameIsRefusedAtEveryAddress() async throws {
        let url = "http://localhost:\(try await closedPort())/img/Landscape_1.jpg"
        let error = try await error(url)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_COULDNT_CONNECT.rawValue && failure.systemError == ECONNREFUSED, "\(failure)")
        #expect(TransportFailure(error) == .connectionRefused)
        #expect(try await problem(url) == .connection("connection refused"))
    }

    @Test func aNameThatDoesNotResolveIsADNSFailure() async throws {
        // RFC 6761: .invalid never resolves.
        let url = "http://nonexistent.invalid/photo.jpg"
        let error = try await error(url)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_COULDNT_RESOLVE_HOST.rawValue, "\(failure)")
        #expect(TransportFailure(error) == .unresolvableHost)
        #expect(try await problem(url) == .connection("could not resolve the host name"))
    }

    @Test func anUntrustedCertificateFailsVerification() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let secure = try await FaultServer.start(tls: try TestCertificates.make(in: folder.path).serverTLS)
        defer { Task { await secure.stop() } }
        let url = secure.url("/img/Landscape_1.jpg")

        let error = try await error(url)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_PEER_FAILED_VERIFICATION.rawValue, "\(failure)")
        #expect(!failure.message.contains("target host name"), "\(failure)")
        #expect(TransportFailure(error) == .untrustedCertificate)
        #expect(try await problem(url) == .tls("the server's TLS certificate is not trusted (CERTIFICATE_VERIFY_FAILED); "
            + "if it comes from a private certificate authority, set SSL_CERT_FILE to that authority's PEM file"))
        #expect(secure.log.isEmpty)
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func aTrustedCertificateForAnotherHostFailsHostnameValidation(host: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Trusted, but for example.org only.
        let certificate = try TestCertificates.make(in: folder.path, serverName: "example.org", names: [.dnsName("example.org")], tag: "other-host")
        let secure = try await FaultServer.start(tls: certificate.serverTLS)
        defer { Task { await secure.stop() } }
        let url = "https://\(host):\(secure.port)/img/Landscape_1.jpg"

        let error = try await error(url, trust: certificate.caFile)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_PEER_FAILED_VERIFICATION.rawValue && failure.message.contains("target host name"), "\(failure)")
        #expect(TransportFailure(error) == .certificateForAnotherHost)
        #expect(try await problem(url, trust: certificate.caFile) == .tls("the server's TLS certificate is for another host name"))
        #expect(secure.log.isEmpty)
    }

    @Test func otherHandshakeFailuresKeepLibcurlsWords() async throws {
        let plain = try await FaultServer.start()
        defer { Task { await plain.stop() } }
        let url = "https://127.0.0.1:\(plain.port)/img/Landscape_1.jpg"

        let error = try await error(url)
        let failure = try #require(error as? CurlFailure, "\(type(of: error)): \(error)")
        #expect(failure.code == CURLE_SSL_CONNECT_ERROR.rawValue, "\(failure)")
        #expect(TransportFailure(error) == .handshake(failure.message))
        let problem = try #require(try await problem(url))
        #expect("\(problem)".hasPrefix("the TLS handshake failed: "), "\(problem)")
        #expect("\(problem)".contains("wrong version number"), "\(problem)")
    }

    @Test func errorsWithoutWordsOfTheirOwnAreLeftAlone() {
        #expect(TransportFailure(CurlFailure(code: CURLE_RECV_ERROR.rawValue, message: "Connection reset by peer")) == nil)
        #expect(TransportFailure(CancellationError()) == nil)
        // Refused means ECONNREFUSED: a connection that timed out is not refused.
        #expect(TransportFailure(CurlFailure(code: CURLE_COULDNT_CONNECT.rawValue, message: "x", systemError: ETIMEDOUT)) == nil)
        #expect(TransportFailure(CurlFailure(code: CURLE_SSL_CONNECT_ERROR.rawValue, message: "unexpected eof while reading"))
                == .handshake("unexpected eof while reading"))
    }
}
