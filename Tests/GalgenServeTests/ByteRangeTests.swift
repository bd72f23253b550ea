import Testing
@testable import GalgenServe

/// `Range` headers read as RFC 9110 §14 has them, against a file of 1000 bytes.
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-0", 0...0),
        ("bytes=100-199", 100...199),
        ("bytes=100-", 100...999),
        ("bytes=0-", 0...999),
        ("bytes=-500", 500...999),
        ("bytes=-1", 999...999),
        // A suffix longer than the file is the whole file, as a part.
        ("bytes=-5000", 0...999),
        // A last byte past the end stops at the end.
        ("bytes=900-5000", 900...999),
        ("bytes=900-99999999999999999999999", 900...999),
        ("Bytes = 10-19", 10...19),
        ("bytes=10-19, 5000-6000", 10...19),
        ("bytes=10-19,,", 10...19),
    ])
    func oneSatisfiableRangeIsThatPart(header: String, expected: ClosedRange<Int>) {
        #expect(ByteRange.resolve(header, size: 1000) == .part(expected))
    }

    @Test(arguments: ["bytes=1000-", "bytes=1000-1000", "bytes=5000-6000", "bytes=-0", "bytes=99999999999999999999999-",
                      "bytes=1000-,2000-2001"])
    func noRangeWithinTheFileIsUnsatisfiable(header: String) {
        #expect(ByteRange.resolve(header, size: 1000) == .unsatisfiable)
    }

    @Test func anEmptyFileHasNoSatisfiableRange() {
        #expect(ByteRange.resolve("bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=-10", size: 0) == .unsatisfiable)
    }

    /// Headers a server may ignore: another unit, bad syntax, and several ranges (answered whole
    /// rather than as a multipart body).
    @Test(arguments: [nil, "items=0-1", "bytes=", "bytes=a-b", "bytes=5-1", "bytes=1-2-3", "bytes=--1", "bytes 0-1",
                      "bytes=0-1,5-6", "bytes=0-499,-500", "bytes=+1-2"])
    func otherHeadersAskForTheWholeFile(header: String?) {
        #expect(ByteRange.resolve(header, size: 1000) == .whole)
    }
}
