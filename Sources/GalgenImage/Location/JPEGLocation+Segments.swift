extension JPEGLocation {
    static let exifSignature = Array("Exif\0".utf8)
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMPSignature = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let photoshopSignature = Array("Photoshop 3.0\0".utf8)
    static let mpfSignature = Array("MPF\0".utf8)

    /// Application segments that hold no location, by marker and signature: JFIF, ICC profiles,
    /// Adobe's colour transform (APP14) and colour management (APP13 Adobe_CM), Photoshop's Ducky
    /// (quality, comment, copyright). JFXX is handled apart (its thumbnail may be a JPEG).
    static let holdNoLocation: [(UInt8, [UInt8])] = [
        (0xE0, Array("JFIF\0".utf8)), (0xE2, Array("ICC_PROFILE\0".utf8)), (0xEE, Array("Adobe".utf8)),
        (0xED, Array("Adobe_CM".utf8)), (0xEC, Array("Ducky".utf8)),
    ]

    /// What one image's segments have given so far, and what is read once they are all seen.
    struct Stream {
        let label: String
        let depth: Int
        private var counts: [UInt8: Int] = [:]
        /// Photoshop resources may continue from one APP13 segment to the next.
        private var photoshop: [UInt8] = []
        private var extended: [ExtendedXMP.Chunk] = []
        private(set) var listed: [Int] = []

        init(label: String, depth: Int) {
            self.label = label
            self.depth = depth
        }

        mutating func segment(_ marker: UInt8, payload: ArraySlice<UInt8>, into findings: inout LocationFindings) {
            // SOFn, DHT, DAC, SOS, DQT, DNL, DRI, DHP, EXP: the image's structure.
            if (0xC0...0xDF).contains(marker) { return }
            guard (0xE0...0xEF).contains(marker) || marker == 0xFE else {
                let hex = String(marker, radix: 16, uppercase: true)
                return findings.cannotRead("it has a segment of a kind galgen does not read (marker FF \(hex))\(label)")
            }
            counts[marker, default: 0] += 1
            let name = marker == 0xFE ? "COM segment" : "APP\(marker - 0xE0) segment"
            let named = "\(name) \(counts[marker]!)\(label)"
            application(marker, payload, named: named, into: &findings)
        }

        private mutating func application(_ marker: UInt8, _ payload: ArraySlice<UInt8>, named: String,
                                          into findings: inout LocationFindings) {
            let start = payload.startIndex
            switch marker {
            case 0xE1 where payload.has(exifSignature, at: start):
                TIFFLocation.scan(payload.dropFirst(6), block: "the EXIF of \(named)", depth: depth, into: &findings)
            case 0xE1 where payload.has(xmpSignature, at: start) || payload.has(Array("XMP\0".utf8), at: start):
                if let name = XMPLocation.property(in: payload) { findings.place("\(name) in the XMP of \(named)") }
            case 0xE1 where payload.has(extendedXMPSignature, at: start):
                guard let chunk = ExtendedXMP.Chunk(payload.dropFirst(extendedXMPSignature.count)) else {
                    return findings.cannotRead("the Extended XMP chunk in \(named) is cut short")
                }
                extended.append(chunk)
            case 0xED where payload.has(photoshopSignature, at: start):
                photoshop += payload.dropFirst(photoshopSignature.count)
            case 0xE2 where payload.has(mpfSignature, at: start):
                listed += MPFIndex.images(payload.dropFirst(4), segment: named, into: &findings)
            case 0xE0 where payload.has(Array("JFXX\0".utf8), at: start):
                // Extension code 0x10: a JPEG thumbnail; 0x11 and 0x13 are pixels.
                if payload.bigEndian(at: start + 5, 1) == 0x10 {
                    JPEGLocation.scanEmbedded(payload.dropFirst(6), block: "the thumbnail in \(named)", depth: depth + 1, into: &findings)
                }
            case 0xFE:
                if let name = XMPLocation.property(in: payload) { findings.place("\(name) in \(named)") }
            default:
                if holdNoLocation.contains(where: { $0.0 == marker && payload.has($0.1, at: start) }) || payload.isAllZero { return }
                findings.cannotRead("\(named) (“\(payload.printable())”) is a kind galgen does not read")
            }
        }

        /// Reads what needed every segment: the Photoshop resources and the Extended XMP.
        func finish(into findings: inout LocationFindings) {
            if !photoshop.isEmpty, !findings.isSettled {
                PhotoshopLocation.scan(photoshop[...], block: "the Photoshop resources in the APP13 segments\(label)", depth: depth,
                                       into: &findings)
            }
            if !extended.isEmpty, !findings.isSettled {
                ExtendedXMP.scan(extended, label: label, into: &findings)
            }
        }
    }
}
