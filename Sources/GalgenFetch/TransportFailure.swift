import CCurlShim
import CLibCurl
import Foundation
import GalgenCore

/// A failure below HTTP that has its own words, told apart by libcurl's result code, its
/// words and the system's errno (which ones arrive is pinned by `TransportFailureTests`).
enum TransportFailure: Equatable {
    case unresolvableHost
    case connectionRefused
    case untrustedCertificate
    case certificateForAnotherHost
    /// Any other TLS failure, in libcurl's (and OpenSSL's) words.
    case handshake(String)

    init?(_ error: any Error) {
        guard let failure = error as? CurlFailure else { return nil }
        switch failure.code {
        case CURLE_COULDNT_RESOLVE_HOST.rawValue:
            self = .unresolvableHost
        case CURLE_COULDNT_CONNECT.rawValue where failure.systemError == ECONNREFUSED:
            // To a host name, libcurl tries each address; the errno is the last one's.
            self = .connectionRefused
        case CURLE_PEER_FAILED_VERIFICATION.rawValue:
            // "SSL: no alternative certificate subject name matches target host name 'localhost'",
            // "SSL: certificate subject name 'x' does not match target host name 'y'";
            // else the chain: "SSL certificate problem: unable to get local issuer certificate".
            self = failure.message.contains("target host name") ? .certificateForAnotherHost : .untrustedCertificate
        case CURLE_SSL_CONNECT_ERROR.rawValue, CURLE_SSL_CERTPROBLEM.rawValue, CURLE_SSL_CIPHER.rawValue,
             CURLE_SSL_CACERT_BADFILE.rawValue, CURLE_SSL_ISSUER_ERROR.rawValue, CURLE_SSL_INVALIDCERTSTATUS.rawValue:
            self = .handshake(failure.message)
        default:
            return nil
        }
    }

    var problem: FetchProblem {
        switch self {
        case .unresolvableHost:
            .connection("could not resolve the host name")
        case .connectionRefused:
            .connection("connection refused")
        case .untrustedCertificate:
            .tls("the server's TLS certificate is not trusted (CERTIFICATE_VERIFY_FAILED); "
                + "if it comes from a private certificate authority, set SSL_CERT_FILE to that authority's PEM file")
        case .certificateForAnotherHost:
            .tls("the server's TLS certificate is for another host name")
        case let .handshake(reason):
            .tls("the TLS handshake failed: \(reason)")
        }
    }
}
