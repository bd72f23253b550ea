import Testing
@testable import GalgenCrypto

func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// The primitives against their standards' published vectors.
struct PrimitivesTests {
    /// The GCM specification's test cases 13, 14 and 16 (McGrew and Viega, AES-256).
    @Test func aesGCMMatchesTheSpecificationsVectors() throws {
        let zero = [UInt8](repeating: 0, count: 32), zeroNonce = [UInt8](repeating: 0, count: 12)
        #expect(try Primitives.seal([], key: zero, nonce: zeroNonce, aad: []) == hex("530f8afbc74536b9a963b4f1c4cb738b"))
        #expect(try Primitives.seal([UInt8](repeating: 0, count: 16), key: zero, nonce: zeroNonce, aad: [])
                == hex("cea7403d4d606b6e074ec5d3baf39d18" + "d0d1c8a799996bf0265b98b5d48ab919"))
        let key = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let nonce = hex("cafebabefacedbaddecaf888")
        let plaintext = hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let aad = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let sealed = try Primitives.seal(plaintext, key: key, nonce: nonce, aad: aad)
        #expect(sealed == hex("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
                              + "76fc6ece0f4e1768cddf8853bb2d551b"))
        #expect(try Primitives.open(sealed[...], key: key, nonce: nonce, aad: aad) == plaintext)
    }

    @Test func aesGCMRefusesAnyChange() throws {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 1, count: 12)
        let sealed = try Primitives.seal(Array("a photo".utf8), key: key, nonce: nonce, aad: Array("header".utf8))
        for position in sealed.indices {
            var changed = sealed
            changed[position] ^= 0x01
            #expect(throws: CryptoError.self) { try Primitives.open(changed[...], key: key, nonce: nonce, aad: Array("header".utf8)) }
        }
        #expect(throws: CryptoError.self) { try Primitives.open(sealed[...], key: key, nonce: nonce, aad: Array("Header".utf8)) }
        var otherNonce = nonce
        otherNonce[11] = 2
        #expect(throws: CryptoError.self) { try Primitives.open(sealed[...], key: key, nonce: otherNonce, aad: Array("header".utf8)) }
        #expect(throws: CryptoError.self) { try Primitives.open(sealed.prefix(15), key: key, nonce: nonce, aad: []) }
    }

    /// RFC 4231, test cases 1 and 2.
    @Test func hmacMatchesRFC4231() {
        #expect(Primitives.hmac(key: [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8))
                == hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        #expect(Primitives.hmac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
                == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    /// RFC 5869, test case 1.
    @Test func hkdfMatchesRFC5869() throws {
        let okm = try Primitives.hkdf(key: [UInt8](repeating: 0x0b, count: 22), salt: hex("000102030405060708090a0b0c"),
                                      info: hex("f0f1f2f3f4f5f6f7f8f9"), count: 42)
        #expect(okm == hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    /// PBKDF2-HMAC-SHA256's published vectors (RFC 7914 §11, and the "password"/"salt" set).
    @Test func pbkdf2MatchesThePublishedVectors() throws {
        let salt = Array("salt".utf8), password = Array("password".utf8)
        #expect(try Primitives.pbkdf2(password: password, salt: salt, iterations: 1, count: 32)
                == hex("120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"))
        #expect(try Primitives.pbkdf2(password: password, salt: salt, iterations: 2, count: 32)
                == hex("ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"))
        #expect(try Primitives.pbkdf2(password: password, salt: salt, iterations: 4096, count: 32)
                == hex("c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"))
        #expect(try Primitives.pbkdf2(password: Array("passwd".utf8), salt: salt, iterations: 1, count: 64)
                == hex("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"))
    }

    @Test func randomBytesDiffer() throws {
        let one = try Primitives.random(32), two = try Primitives.random(32)
        #expect(one.count == 32 && one != two)
    }
}
