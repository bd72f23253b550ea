#if canImport(CryptoKit)
import CommonCrypto
import CryptoKit
import Security

/// The primitives private albums are built from, on Apple's systems: CryptoKit (AES-256-GCM,
/// HMAC, HKDF), CommonCrypto (PBKDF2) and the Security framework (random bytes). The same
/// interface and results as the libcrypto version, held to the same published vectors.
public enum Primitives {
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws(CryptoError) -> [UInt8] {
        precondition(key.count == 32 && nonce.count == 12)
        do {
            let box = try AES.GCM.seal(plaintext, using: SymmetricKey(data: key), nonce: AES.GCM.Nonce(data: nonce), authenticating: aad)
            return Array(box.ciphertext) + Array(box.tag)
        } catch {
            throw .library("AES-256-GCM sealing: \(error)")
        }
    }

    public static func open(_ sealed: ArraySlice<UInt8>, key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws(CryptoError) -> [UInt8] {
        precondition(key.count == 32 && nonce.count == 12)
        guard sealed.count >= tagSize else { throw .refused("a sealed piece is shorter than its tag") }
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: Array(sealed.dropLast(tagSize)),
                                        tag: Array(sealed.suffix(tagSize)))
        } catch {
            throw .library("AES-256-GCM opening: \(error)")
        }
        do {
            return Array(try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad))
        } catch {
            throw .refused("its authentication tag does not match (a wrong key, or changed bytes)")
        }
    }

    public static func hmac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }

    public static func hkdf(key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) throws(CryptoError) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: key), salt: salt, info: info, outputByteCount: count)
            .withUnsafeBytes { Array($0) }
    }

    public static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, count: Int) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        let status = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) {
                CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), $0.baseAddress, password.count, salt, salt.count,
                                     CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(iterations), &output, count)
            }
        }
        guard status == Int32(kCCSuccess) else { throw .library("PBKDF2-HMAC-SHA256 (CommonCrypto status \(status))") }
        return output
    }

    public static func random(_ count: Int) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        guard SecRandomCopyBytes(kSecRandomDefault, count, &output) == errSecSuccess else { throw .library("SecRandomCopyBytes") }
        return output
    }

    public static let tagSize = 16
}
#endif
