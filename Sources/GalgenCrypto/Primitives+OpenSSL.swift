#if !canImport(CryptoKit)
import CLibCrypto

/// The primitives private albums are built from, each one call into OpenSSL's libcrypto (EVP):
/// nothing here computes a cipher, a MAC or a key derivation itself.
public enum Primitives {
    /// AES-256-GCM with a 12-byte nonce: the ciphertext followed by its 16-byte tag.
    public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws(CryptoError) -> [UInt8] {
        precondition(key.count == 32 && nonce.count == 12)
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagSize)
        var length: Int32 = 0
        var ok = EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1
        ok = ok && (aad.isEmpty || EVP_EncryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1)
        var written = 0
        if ok, !plaintext.isEmpty {
            ok = output.withUnsafeMutableBufferPointer { EVP_EncryptUpdate(context, $0.baseAddress, &length, plaintext, Int32(plaintext.count)) } == 1
            written = Int(length)
        }
        ok = ok && output.withUnsafeMutableBufferPointer { EVP_EncryptFinal_ex(context, $0.baseAddress! + written, &length) } == 1
        ok = ok && output.withUnsafeMutableBufferPointer {
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), $0.baseAddress! + plaintext.count)
        } == 1
        guard ok else { throw .library("AES-256-GCM sealing") }
        return output
    }

    /// The plaintext of `sealed` (ciphertext and tag), or `refused` when the tag does not match.
    public static func open(_ sealed: ArraySlice<UInt8>, key: [UInt8], nonce: [UInt8], aad: [UInt8]) throws(CryptoError) -> [UInt8] {
        precondition(key.count == 32 && nonce.count == 12)
        guard sealed.count >= tagSize else { throw .refused("a sealed piece is shorter than its tag") }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        let count = sealed.count - tagSize
        var output = [UInt8](repeating: 0, count: max(1, count))
        var length: Int32 = 0
        var tag = Array(sealed.suffix(tagSize))
        var ok = EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1
        ok = ok && (aad.isEmpty || EVP_DecryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1)
        if ok, count > 0 {
            ok = sealed.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { EVP_DecryptUpdate(context, $0.baseAddress, &length, input.baseAddress, Int32(count)) }
            } == 1
        }
        ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag) == 1
        guard ok else { throw .library("AES-256-GCM opening") }
        let verified = output.withUnsafeMutableBufferPointer { EVP_DecryptFinal_ex(context, $0.baseAddress! + count, &length) } == 1
        guard verified else { throw .refused("its authentication tag does not match (a wrong key, or changed bytes)") }
        return Array(output.prefix(count))
    }

    /// HMAC-SHA256 of `data` under `key`.
    public static func hmac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &output, &length)
        precondition(done != nil && length == 32, "HMAC-SHA256 failed")
        return output
    }

    /// HKDF-SHA256 (RFC 5869): `count` bytes from `key`, `salt` and `info`.
    public static func hkdf(key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { throw .library("EVP_PKEY_CTX_new_id(HKDF)") }
        defer { EVP_PKEY_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: count)
        var length = count
        let ok = EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1
            && EVP_PKEY_CTX_set1_hkdf_salt(context, salt, Int32(salt.count)) == 1
            && EVP_PKEY_CTX_set1_hkdf_key(context, key, Int32(key.count)) == 1
            && EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)) == 1
            && EVP_PKEY_derive(context, &output, &length) == 1 && length == count
        guard ok else { throw .library("HKDF-SHA256") }
        return output
    }

    /// PBKDF2-HMAC-SHA256 (RFC 8018): `count` bytes from a password.
    public static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, count: Int) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        let ok = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) {
                PKCS5_PBKDF2_HMAC($0.baseAddress, Int32(password.count), salt, Int32(salt.count), Int32(iterations), EVP_sha256(),
                                  Int32(count), &output)
            }
        }
        guard ok == 1 else { throw .library("PBKDF2-HMAC-SHA256") }
        return output
    }

    /// `count` bytes from the system's random generator.
    public static func random(_ count: Int) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&output, Int32(count)) == 1 else { throw .library("RAND_bytes") }
        return output
    }

    public static let tagSize = 16
}
#endif
