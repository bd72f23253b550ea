import AsyncHTTPClient
import Foundation
import GalgenCore
import NIOCore
import NIOPosix
import NIOSSL
#if canImport(Network)
import Network
#endif

/// A failure below HTTP that has its own words, told apart by the types that NIO, NIOSSL
/// and AsyncHTTPClient throw (which ones arrive is pinned by `TransportFailureTests`).
enum TransportFailure: Equatable {
    case unresolvableHost
    case connectionRefused
    case untrustedCertificate
    case certificateForAnotherHost
    /// Any other TLS error, in NIOSSL's words.
    case handshake(String)

    init?(_ error: any Error) {
        switch error {
        case let error as NIOConnectionError:
            // A DNS failure comes first, as in NIOConnectionError's own description.
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .unresolvableHost
            } else if error.connectionErrors.contains(where: { Self.isRefusal($0.error) }) {
                self = .connectionRefused
            } else {
                return nil
            }
        case let error as NIOSSLError:
            self = error.failedCertificateVerification ? .untrustedCertificate : .handshake("\(error)")
        case let error as NIOSSLExtraError:
            self = error == .failedToValidateHostname ? .certificateForAnotherHost : .handshake("\(error)")
        default:
            if Self.isRefusal(error) {
                self = .connectionRefused
            } else if Self.isUnresolvable(error) {
                self = .unresolvableHost
            } else {
                return nil
            }
        }
    }

    /// A refused connection: to an IP address the error arrives bare, to a host name
    /// inside `NIOConnectionError` (one per address tried).
    static func isRefusal(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == ECONNREFUSED }
        #if canImport(Network)
        // Network.framework, the default event loops on Darwin.
        if let error = error as? HTTPClient.NWPOSIXError { return error.errorCode == .ECONNREFUSED }
        if case .posix(.ECONNREFUSED) = error as? NWError { return true }
        #endif
        return false
    }

    /// A name that does not resolve, outside `NIOConnectionError`.
    static func isUnresolvable(_ error: any Error) -> Bool {
        if error is SocketAddressError.UnknownHost { return true }
        #if canImport(Network)
        if case .dns = error as? NWError { return true }
        #endif
        return false
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

extension NIOSSLError {
    /// BoringSSL refused the certificate chain (SSL_R_CERTIFICATE_VERIFY_FAILED).
    var failedCertificateVerification: Bool {
        switch self {
        case let .handshakeFailed(.sslError(stack)), let .handshakeFailed(.unknownError(stack)):
            stack.contains { $0.packedCode == BoringSSLInternalError.certificateVerifyFailed }
        default:
            false
        }
    }
}

extension BoringSSLInternalError {
    /// ERR_PACK(ERR_LIB_SSL = 16, SSL_R_CERTIFICATE_VERIFY_FAILED = 125).
    static let certificateVerifyFailed: UInt32 = 16 << 24 | 125

    /// BoringSSL's packed error code (library << 24 | reason). NIOSSL keeps the number private
    /// and shows it only as the second word of the description: "Error: 268435581 error:1000007d:…".
    var packedCode: UInt32? {
        let words = description.split(separator: " ", maxSplits: 2)
        guard words.count > 1, words[0] == "Error:" else { return nil }
        return UInt32(words[1])
    }
}
