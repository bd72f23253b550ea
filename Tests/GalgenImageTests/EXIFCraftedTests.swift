import GalgenCore
import GalgenImage
import GalgenTestSupport
import Testing

/// Writes a TIFF payload byte by byte, at explicit offsets, in either byte order.
struct TIFFBuilder {
    let littleEndian: Bool
    var bytes: [UInt8]

    /// A 12-byte IFD entry; `value` is the 4-byte field (an offset, or a number stored inline).
    struct Entry {
        var tag: UInt16, type: UInt16, count: UInt32
        var value: [UInt8]
    }

    init(littleEndian: Bool, size: Int = 256, ifd0: UInt32 = 8) {
        self.littleEndian = littleEndian
        bytes = Array(repeating: 0, count: size)
        put(littleEndian ? [0x49, 0x49] : [0x4D, 0x4D], at: 0)
        put16(42, at: 2)
        put32(ifd0, at: 4)
    }

    func encode16(_ value: UInt16) -> [UInt8] {
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }

    func encode32(_ value: UInt32) -> [UInt8] {
        let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }

    mutating func put(_ raw: [UInt8], at offset: Int) { bytes.replaceSubrange(offset..<offset + raw.count, with: raw) }
    mutating func put16(_ value: UInt16, at offset: Int) { put(encode16(value), at: offset) }
    mutating func put32(_ value: UInt32, at offset: Int) { put(encode32(value), at: offset) }

    /// Writes an IFD: its entry count (`declaredCount`, or the real one), the entries, a zero next-IFD offset.
    mutating func ifd(at offset: Int, _ entries: [Entry], declaredCount: UInt16? = nil, nextIFD: Bool = true) {
        put16(declaredCount ?? UInt16(entries.count), at: offset)
        for (index, entry) in entries.enumerated() {
            let start = offset + 2 + index * 12
            put16(entry.tag, at: start)
            put16(entry.type, at: start + 2)
            put32(entry.count, at: start + 4)
            put(entry.value + Array(repeating: 0, count: 4 - entry.value.count), at: start + 8)
        }
        if nextIFD { put32(0, at: offset + 2 + entries.count * 12) }
    }

    /// An ASCII entry: inline when it fits in 4 bytes, else written at `dataOffset`.
    mutating func ascii(_ tag: UInt16, _ text: String, at dataOffset: Int = 0, terminated: Bool = true) -> Entry {
        let raw = Array(text.utf8) + (terminated ? [0] : [])
        if raw.count <= 4 { return Entry(tag: tag, type: 2, count: UInt32(raw.count), value: raw) }
        put(raw, at: dataOffset)
        return Entry(tag: tag, type: 2, count: UInt32(raw.count), value: encode32(UInt32(dataOffset)))
    }

    mutating func rational(_ tag: UInt16, _ numerator: UInt32, _ denominator: UInt32, at dataOffset: Int) -> Entry {
        put32(numerator, at: dataOffset)
        put32(denominator, at: dataOffset + 4)
        return Entry(tag: tag, type: 5, count: 1, value: encode32(UInt32(dataOffset)))
    }

    func short(_ tag: UInt16, _ value: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: encode16(value)) }
    func long(_ tag: UInt16, _ value: UInt32) -> Entry { Entry(tag: tag, type: 4, count: 1, value: encode32(value)) }
    /// A raw entry, for wrong types, huge counts and wild offsets.
    func raw(_ tag: UInt16, type: UInt16, count: UInt32, value: UInt32) -> Entry {
        Entry(tag: tag, type: type, count: count, value: encode32(value))
    }
}

@Suite struct EXIFCraftedTests {
    static let full = PhotoFacts(
        takenAt: "2019:05:04 12:30:59", make: "Canon", model: "Canon EOS 5D", exposureTime: .init(1, 250),
        fNumber: 2.8, iso: 100, focalLength: 35
    )

    /// Parses, checking it took well under a second (no loop, no runaway count).
    func parse(_ bytes: [UInt8]) -> EXIFSummary {
        var summary = EXIFSummary(tiff: [])
        let elapsed = ContinuousClock().measure { summary = EXIFSummary(tiff: bytes) }
        #expect(elapsed < .seconds(1))
        return summary
    }

    /// IFD0 at 8 (Make, Model, Orientation, Exif pointer) and the Exif IFD at 64; values from 140 on.
    /// `exif` and `ifd0Extra` change the entries; the Exif IFD has no next-IFD slot when `exifLast`.
    func standard(
        littleEndian: Bool, exifPointer: UInt32 = 64,
        ifd0: ((inout TIFFBuilder) -> [TIFFBuilder.Entry])? = nil,
        exif: ((inout TIFFBuilder) -> [TIFFBuilder.Entry])? = nil
    ) -> [UInt8] {
        var tiff = TIFFBuilder(littleEndian: littleEndian)
        let ifd0Entries = ifd0?(&tiff) ?? [
            tiff.ascii(0x010F, "Canon", at: 140),
            tiff.ascii(0x0110, "Canon EOS 5D", at: 150),
            tiff.short(0x0112, 6),
            tiff.long(0x8769, exifPointer),
        ]
        tiff.ifd(at: 8, ifd0Entries)
        let exifEntries = exif?(&tiff) ?? [
            tiff.ascii(0x9003, "2019:05:04 12:30:59", at: 170),
            tiff.rational(0x829A, 1, 250, at: 192),
            tiff.rational(0x829D, 28, 10, at: 200),
            tiff.short(0x8827, 100),
            tiff.rational(0x920A, 35, 1, at: 208),
        ]
        tiff.ifd(at: 64, exifEntries)
        return tiff.bytes
    }

    @Test(arguments: [true, false]) func bothByteOrders(littleEndian: Bool) {
        let summary = parse(standard(littleEndian: littleEndian))
        #expect(summary.facts == Self.full)
        #expect(summary.orientation == 6)
    }

    @Test(arguments: [true, false]) func lensThirtyFiveMillimetreFocalLengthCompensationAndFlash(littleEndian: Bool) {
        // Exif 2.3's LensMake and LensModel, FocalLengthIn35mmFilm, a negative SRATIONAL
        // ExposureBiasValue (−1/3 EV) and Flash 0x19 (fired, auto mode).
        let bytes = standard(littleEndian: littleEndian, exif: { tiff in
            tiff.put32(UInt32(bitPattern: -1), at: 220)
            tiff.put32(3, at: 224)
            return [tiff.short(0x9209, 0x19), tiff.short(0xA405, 56), tiff.ascii(0xA433, "Canon", at: 170),
                    tiff.ascii(0xA434, "EF35mm f/2 IS USM", at: 180), .init(tag: 0x9204, type: 10, count: 1, value: tiff.encode32(220))]
        })
        let facts = parse(bytes).facts
        #expect((facts.lensMake, facts.lensModel, facts.focalLength35mm) == ("Canon", "EF35mm f/2 IS USM", 56))
        #expect(facts.exposureBias.map { abs($0 + 1.0 / 3) < 1e-9 } == true && facts.flashFired == true)
        // Flash 0x10 (off, did not fire) and a zero compensation: known, and false or zero.
        let off = standard(littleEndian: littleEndian, exif: { tiff in
            tiff.put32(0, at: 220)
            tiff.put32(1, at: 224)
            return [tiff.short(0x9209, 0x10), .init(tag: 0x9204, type: 10, count: 1, value: tiff.encode32(220))]
        })
        #expect((parse(off).facts.flashFired, parse(off).facts.exposureBias) == (false, 0))
    }

    @Test(arguments: [true, false]) func inlineStringsLongISOAndUnterminatedStrings(littleEndian: Bool) {
        var tiff = TIFFBuilder(littleEndian: littleEndian, size: 145)
        tiff.ifd(at: 8, [
            tiff.ascii(0x010F, "SONY", terminated: false),  // 4 bytes, inline, no NUL
            tiff.ascii(0x0110, "X100V", at: 140, terminated: false),  // the payload's last 5 bytes
            tiff.long(0x8769, 64),
        ])
        tiff.ifd(at: 64, [
            tiff.ascii(0x9003, "2019:05:04 12:30:59", at: 100, terminated: false),
            tiff.long(0x8827, 25600),
        ])
        #expect(parse(tiff.bytes).facts == PhotoFacts(takenAt: "2019:05:04 12:30:59", make: "SONY", model: "X100V", iso: 25600))
    }

    @Test(arguments: [true, false]) func exifPointerBackToIFD0(littleEndian: Bool) {
        let summary = parse(standard(littleEndian: littleEndian, exifPointer: 8))
        #expect(summary.facts == PhotoFacts(make: "Canon", model: "Canon EOS 5D"))
        #expect(summary.orientation == 6)
    }

    @Test(arguments: [true, false]) func exifIFDPointingToItselfOrBack(littleEndian: Bool) {
        for target: UInt32 in [64, 8] {
            let bytes = standard(littleEndian: littleEndian, exif: { tiff in
                [tiff.long(0x8769, target), tiff.ascii(0x9003, "2019:05:04 12:30:59", at: 170), tiff.short(0x8827, 100)]
            })
            #expect(parse(bytes).facts == PhotoFacts(takenAt: "2019:05:04 12:30:59", make: "Canon", model: "Canon EOS 5D", iso: 100))
        }
    }

    @Test(arguments: [true, false]) func exifIFDsPointingAtEachOther(littleEndian: Bool) {
        // IFD0 → A (64) → B (100) → A: B's values still count, and the walk ends.
        var tiff = TIFFBuilder(littleEndian: littleEndian)
        tiff.ifd(at: 8, [tiff.long(0x8769, 64)])
        tiff.ifd(at: 64, [tiff.long(0x8769, 100), tiff.short(0x8827, 200)])
        tiff.ifd(at: 100, [tiff.long(0x8769, 64), tiff.short(0x8827, 400), tiff.rational(0x829A, 1, 60, at: 200)])
        #expect(parse(tiff.bytes).facts == PhotoFacts(exposureTime: .init(1, 60), iso: 200))
    }

    @Test(arguments: [true, false]) func hugeEntryCountWithAShortPayload(littleEndian: Bool) {
        // IFD0 claims 65535 entries; the payload ends right after the three real ones.
        var tiff = TIFFBuilder(littleEndian: littleEndian, size: 100 + 2 + 3 * 12, ifd0: 100)
        tiff.ifd(at: 100, [
            tiff.ascii(0x010F, "Canon", at: 8),
            tiff.ascii(0x0110, "Canon EOS 5D", at: 16),
            tiff.short(0x0112, 3),
        ], declaredCount: 65535, nextIFD: false)
        let summary = parse(tiff.bytes)
        #expect(summary.facts == PhotoFacts(make: "Canon", model: "Canon EOS 5D"))
        #expect(summary.orientation == 3)

        // The same for the Exif IFD, last in the payload.
        var exif = TIFFBuilder(littleEndian: littleEndian, size: 120 + 2 + 2 * 12, ifd0: 8)
        exif.ifd(at: 8, [exif.long(0x8769, 120)])
        exif.ifd(at: 120, [exif.short(0x8827, 100), exif.rational(0x829D, 4, 1, at: 40)], declaredCount: 65535, nextIFD: false)
        #expect(parse(exif.bytes).facts == PhotoFacts(fNumber: 4, iso: 100))
    }

    @Test func entriesPerIFDAreCapped() {
        // 600 Orientation entries: the first 512 say 3, the rest say 8; only the first 512 are read.
        var tiff = TIFFBuilder(littleEndian: true, size: 8 + 2 + 600 * 12 + 4)
        tiff.ifd(at: 8, (0..<600).map { tiff.short(0x0112, $0 < 512 ? 3 : 8) })
        #expect(parse(tiff.bytes).orientation == 3)
    }

    @Test(arguments: [true, false]) func offsetsPastTheEndLoseOnlyThatTag(littleEndian: Bool) {
        let bytes = standard(littleEndian: littleEndian, ifd0: { tiff in
            [tiff.ascii(0x010F, "Canon", at: 140), tiff.raw(0x0110, type: 2, count: 13, value: 0xFFFF_FFF0), tiff.long(0x8769, 64)]
        }, exif: { tiff in
            [
                tiff.raw(0x9003, type: 2, count: 20, value: 250),  // starts inside, ends 14 bytes past the end
                tiff.raw(0x829A, type: 5, count: 1, value: 0xFFFF_FFFF),
                tiff.raw(0x829D, type: 5, count: 1, value: 252),  // 8 bytes at 252 of 256
                tiff.short(0x8827, 100),
                tiff.rational(0x920A, 35, 1, at: 208),
            ]
        })
        #expect(parse(bytes).facts == PhotoFacts(make: "Canon", iso: 100, focalLength: 35))
    }

    @Test(arguments: [true, false]) func exifPointerPastTheEnd(littleEndian: Bool) {
        for pointer: UInt32 in [256, 255, 0xFFFF_FFFF] {
            #expect(parse(standard(littleEndian: littleEndian, exifPointer: pointer)).facts == PhotoFacts(make: "Canon", model: "Canon EOS 5D"))
        }
    }

    @Test(arguments: [true, false]) func hugeCountsLoseOnlyThatTag(littleEndian: Bool) {
        let bytes = standard(littleEndian: littleEndian, ifd0: { tiff in
            [tiff.raw(0x010F, type: 2, count: 0xFFFF_FFFF, value: 140), tiff.ascii(0x0110, "Canon EOS 5D", at: 150), tiff.long(0x8769, 64)]
        }, exif: { tiff in
            [
                tiff.raw(0x8827, type: 3, count: 0x8000_0000, value: 100),
                tiff.raw(0x829A, type: 5, count: 0x2000_0000, value: 192),
                tiff.rational(0x829D, 28, 10, at: 200),
            ]
        })
        #expect(parse(bytes).facts == PhotoFacts(model: "Canon EOS 5D", fNumber: 2.8))
    }

    @Test func longStringsAreCutAt256Bytes() {
        var tiff = TIFFBuilder(littleEndian: true, size: 400)
        let long = String(repeating: "A", count: 300)
        tiff.ifd(at: 8, [tiff.ascii(0x0110, long, at: 60)])
        #expect(parse(tiff.bytes).facts.model == String(repeating: "A", count: 256))
    }

    @Test(arguments: [true, false]) func zeroDenominatorsAndZeroValuesGiveNil(littleEndian: Bool) {
        let bytes = standard(littleEndian: littleEndian, exif: { tiff in
            [
                tiff.rational(0x829A, 1, 0, at: 192),
                tiff.rational(0x829D, 0, 0, at: 200),
                tiff.short(0x8827, 0),
                tiff.rational(0x920A, 35, 1, at: 208),
            ]
        })
        #expect(parse(bytes).facts == PhotoFacts(make: "Canon", model: "Canon EOS 5D", focalLength: 35))
    }

    @Test(arguments: [true, false]) func wrongTypesAreIgnored(littleEndian: Bool) {
        let bytes = standard(littleEndian: littleEndian, ifd0: { tiff in
            [tiff.short(0x010F, 7), tiff.ascii(0x0110, "Canon EOS 5D", at: 150), tiff.long(0x8769, 64)]
        }, exif: { tiff in
            [
                tiff.short(0x9003, 2019),
                tiff.long(0x829A, 250),
                tiff.raw(0x8827, type: 5, count: 1, value: 200),
                tiff.raw(0x920A, type: 99, count: 1, value: 200),
                tiff.rational(0x829D, 28, 10, at: 200),
            ]
        })
        #expect(parse(bytes).facts == PhotoFacts(model: "Canon EOS 5D", fNumber: 2.8))
    }

    @Test func notTIFFOrTooShortGivesNothing() {
        for bytes: [UInt8] in [[], [0x49, 0x49], [0x49, 0x49, 42, 0, 8, 0, 0], [0x4D, 0x4D, 0, 43, 0, 0, 0, 8], Array("<html> not exif".utf8)] {
            let summary = parse(bytes)
            #expect(summary.facts.isEmpty && summary.orientation == nil)
        }
        #expect(parse(TIFFBuilder(littleEndian: true, ifd0: 0xFFFF_FFFF).bytes).facts.isEmpty)
    }

    /// Random payloads and random damage to a good one: never a crash, always fast.
    @Test func randomDamageNeverCrashes() {
        var random = SplitMix64(seed: 0x6A1_6E4)
        let good = standard(littleEndian: false)
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = good
                for _ in 0..<(1 + random.next() % 8) { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
                if round % 6 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count))) }
            } else {
                bytes = (0..<(8 + random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 == 0 ? 0 : random.next()) }
                bytes.replaceSubrange(0..<4, with: round % 4 == 1 ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42])
            }
            _ = parse(bytes)
        }
    }
}
