@testable import GalgenImage
import GalgenTestSupport
import Testing

struct IPTCReaderTests {
    typealias B = MetadataBytes

    func read(_ jpeg: [UInt8]) -> IPTCFields {
        quickly { IPTCReader.read(jpeg: jpeg) }
    }

    @Test func utf8DeclaredIn1_90() {
        let fields = read(B.iptcJPEG(B.utf8Declaration + B.dataset(2, 0, [0, 4]) + B.dataset(2, 5, "Zürich")
            + B.dataset(2, 120, "Tram – 路面電車") + B.dataset(2, 55, "20191014") + B.dataset(2, 60, "150020+0200")))
        #expect(fields == IPTCFields(objectName: "Zürich", caption: "Tram – 路面電車", dateCreated: "20191014", timeCreated: "150020+0200"))
    }

    @Test func declaredUTF8KeepsInvalidBytesAsReplacementCharacters() {
        #expect(read(B.iptcJPEG(B.utf8Declaration + B.dataset(2, 5, [0x5A, 0xFC, 0x72]))).objectName == "Z\u{FFFD}r")
    }

    @Test func undeclaredTextIsUTF8WhenValidElseWindows1252() {
        #expect(read(B.iptcJPEG(B.dataset(2, 5, "Zürich"))).objectName == "Zürich")
        let latin = read(B.iptcJPEG(B.dataset(2, 5, [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]) + B.dataset(2, 120, [0x80, 0x20, 0x96, 0x20, 0x93, 0x94, 0x81])))
        #expect(latin.objectName == "Zürich")
        #expect(latin.caption == "€ – “”\u{81}")
    }

    @Test func theFirstOfARepeatedDatasetWins() {
        #expect(read(B.iptcJPEG(B.dataset(2, 5, "One") + B.dataset(2, 5, "Two"))).objectName == "One")
    }

    @Test func extendedLengthDatasetsAreSkipped() {
        // 2:05 with an extended length (high bit; 4 length bytes follow), then an ordinary 2:120.
        let extended: [UInt8] = [0x1C, 2, 5, 0x80, 0x04, 0, 0, 0, 3] + Array("Big".utf8)
        #expect(read(B.iptcJPEG(extended + B.dataset(2, 120, "After"))) == IPTCFields(caption: "After"))
        // A length of more than 4 bytes, or one past the end, ends the datasets.
        let tooLong: [UInt8] = [0x1C, 2, 5, 0x80, 0x09] + Array(repeating: 0xFF, count: 9)
        #expect(read(B.iptcJPEG(B.dataset(2, 120, "Before") + tooLong + B.dataset(2, 5, "Lost"))) == IPTCFields(caption: "Before"))
        let huge: [UInt8] = [0x1C, 2, 5, 0x80, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x41]
        #expect(read(B.iptcJPEG(B.dataset(2, 120, "Before") + huge)) == IPTCFields(caption: "Before"))
    }

    @Test func aLengthPastTheEndOrAStrayByteEndsTheDatasets() {
        let past: [UInt8] = [0x1C, 2, 5, 0x7F, 0xFF, 0x41, 0x42]
        #expect(read(B.iptcJPEG(B.dataset(2, 120, "Kept") + past)) == IPTCFields(caption: "Kept"))
        #expect(read(B.iptcJPEG(B.dataset(2, 120, "Kept") + [0x00, 0x00] + B.dataset(2, 5, "Lost"))) == IPTCFields(caption: "Kept"))
        #expect(read(B.iptcJPEG([0x1C, 2, 5, 0])) == IPTCFields())
    }

    @Test func resourceBlocksWithNamesOddSizesAndOtherIDs() {
        let iptc = B.resource(0x0404, name: Array("IPTC".utf8), B.dataset(2, 5, "Odd!"))  // 9 bytes of data: padded
        let before = B.resource(0x03ED, name: Array("abc".utf8), [1, 2, 3]) + B.resource(0x0425, [9, 9, 9, 9, 9], signature: "MeSa")
        #expect(read(B.jpeg([B.app13(before + iptc)])).objectName == "Odd!")
        // A writer that leaves out the padding after odd-sized data.
        let unpadded = B.resource(0x03ED, [1, 2, 3], padded: false) + iptc
        #expect(read(B.jpeg([B.app13(unpadded)])).objectName == "Odd!")
        // IPTC is only read from an "8BIM" block.
        #expect(read(B.jpeg([B.app13(B.resource(0x0404, B.dataset(2, 5, "No"), signature: "PHUT"))])) == IPTCFields())
    }

    @Test func blockSizesPastTheEnd() {
        // A 0x0404 block cut short keeps the datasets that are whole.
        let cut = B.resource(0x0404, B.dataset(2, 5, "Whole") + B.dataset(2, 120, "Half"), declaredSize: 1000)
        #expect(read(B.jpeg([B.app13(Array(cut.dropLast(2)))])) == IPTCFields(objectName: "Whole"))
        // A block before it that claims 4 GB ends the walk.
        let wild = B.resource(0x03ED, [1, 2], declaredSize: 0xFFFF_FFFF) + B.resource(0x0404, B.dataset(2, 5, "Lost"))
        #expect(read(B.jpeg([B.app13(wild)])) == IPTCFields())
        // A name running past the end, and a header cut short.
        #expect(read(B.jpeg([B.app13(Array("8BIM".utf8) + [4, 4, 200, 1, 2])])) == IPTCFields())
        #expect(read(B.jpeg([B.app13(Array("8BIM".utf8) + [4])])) == IPTCFields())
    }

    @Test func resourcesSplitOverTwoSegmentsAreJoined() {
        let resources = B.resource(0x03ED, Array(repeating: 7, count: 100)) + B.resource(0x0404, B.dataset(2, 120, "Joined across segments"))
        let split = resources.count - 10
        let jpeg = B.jpeg([B.app13(Array(resources[..<split])), B.segment(0xE0, Array("JFIF\0".utf8)),
                           B.app13(Array(resources[split...]))])
        #expect(read(jpeg).caption == "Joined across segments")
    }

    @Test func segmentLengthsPastTheEndEndTheWalk() {
        var jpeg = B.iptcJPEG(B.dataset(2, 5, "Title"))
        jpeg[5] = 0xFF  // the APP13 length's low byte: now past the end
        #expect(read(jpeg) == IPTCFields())
        #expect(read([0xFF, 0xD8, 0xFF, 0xED, 0x00]) == IPTCFields())
        #expect(read([0xFF, 0xD8, 0xFF, 0xED, 0x00, 0x01]) == IPTCFields())
        #expect(read([]) == IPTCFields())
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 15)
        for length in 0..<2000 {
            let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Noise as datasets, as resources, and behind a valid-looking first dataset and block header.
            _ = IPTCReader.read(datasets: noise[...])
            _ = IPTCReader.read(resources: noise)
            let header = Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, UInt8(length >> 8), UInt8(length & 0xFF)]
            _ = IPTCReader.read(resources: header + [0x1C, 2, 120] + noise)
        }
    }

    @Test func manyTinyDatasetsStayBounded() {
        let datasets = Array((0..<12_000).map { _ in B.dataset(2, 10, []) }.joined()) + B.dataset(2, 5, "After the cap")
        #expect(quickly { IPTCReader.read(datasets: datasets[...]) } == IPTCFields())
    }
}
