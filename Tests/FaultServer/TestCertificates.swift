import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A throw-away certificate authority and a server certificate (by default for 127.0.0.1 and
/// localhost), so tests can run a real HTTPS server. The CA's PEM file is what a client
/// trusts (galgen reads it from SSL_CERT_FILE, as curl does).
public struct TestCertificates: Sendable {
    public let caFile: String
    public let serverTLS: TLSConfiguration

    /// The loopback names, as galgen's tests reach a local server.
    public static let loopback: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))]

    /// `serverName` and `names`: what the server certificate is for (another host's, to test
    /// that a trusted certificate for the wrong name is refused). `tag` names the CA file.
    public static func make(in folder: String, serverName: String = "localhost", names: [GeneralName] = loopback,
                            tag: String = "test") throws -> TestCertificates {
        let now = Date()
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("galgen \(tag) CA") }
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName, subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(caKey))

        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName,
            subject: try DistinguishedName { CommonName(serverName) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: .init(caKey))

        let caFile = folder + "/\(tag)-ca.pem"
        try ca.serializeAsPEM().pemString.write(toFile: caFile, atomically: true, encoding: .utf8)
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(server.serializeAsPEM().pemString.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem)))
        return TestCertificates(caFile: caFile, serverTLS: tls)
    }
}
