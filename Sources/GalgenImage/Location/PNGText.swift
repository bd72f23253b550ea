/// One PNG text chunk (`tEXt`, `zTXt` or `iTXt`) read for a location. By keyword:
/// `XML:com.adobe.xmp` is XMP; `Raw profile type exif`, `APP1`, `xmp` and `8bim` are what
/// ImageMagick and ExifTool write (a profile in hexadecimal), read as EXIF, XMP or Photoshop
/// resources; `Raw profile type iptc`, `icc` and `icm` hold no location; any other is text, in
/// which a keyword or an XML name with "Latitude" or "Longitude" counts. Compressed text is inflated
/// within the file's budget; a compression galgen does not know, or damaged data, is unreadable.
struct PNGText {
    var keyword: String
    /// The text as stored (compressed when `compressed`).
    var stored: ArraySlice<UInt8>
    var compressed: Bool

    init?(type: String, data: ArraySlice<UInt8>) {
        guard let end = data.firstIndex(of: 0) else { return nil }
        keyword = String(decoding: data[data.startIndex..<end].prefix(79), as: UTF8.self)
        var rest = data[(end + 1)...]
        switch type {
        case "zTXt":
            guard rest.first == 0 else { return nil }  // method 0: zlib
            (stored, compressed) = (rest.dropFirst(), true)
        case "iTXt":
            guard rest.count >= 2, rest.dropFirst().first == 0 else { return nil }
            compressed = rest.first != 0
            rest = rest.dropFirst(2)
            // The language tag and the translated keyword, each ended by a NUL.
            for _ in 0..<2 {
                guard let nul = rest.firstIndex(of: 0) else { return nil }
                rest = rest[(nul + 1)...]
            }
            stored = rest
        default:
            (stored, compressed) = (rest, false)
        }
    }

    /// The keyword of the text chunk that holds XMP.
    static let xmpKeyword = "XML:com.adobe.xmp"

    /// Looks through the text for a place; returns the text as read (inflated), nil when it cannot be.
    @discardableResult
    func scan(named: String, into findings: inout LocationFindings) -> [UInt8]? {
        guard let text = text(named: named, into: &findings) else { return nil }
        scanText(text, named: named, into: &findings)
        return text
    }

    private func scanText(_ text: [UInt8], named: String, into findings: inout LocationFindings) {
        let block = "\(named) (“\(keyword)”)"
        let lowered = keyword.lowercased()
        if lowered == "xml:com.adobe.xmp" {
            if let name = XMPLocation.property(in: text[...]) { findings.place("\(name) in the XMP of \(block)") }
        } else if lowered.hasPrefix("raw profile type ") {
            RawProfile.scan(text[...], kind: String(lowered.dropFirst("raw profile type ".count)), block: block, into: &findings)
        } else if XMPLocation.words.contains(where: { lowered.utf8.firstRange(of: $0) != nil }) {
            findings.place(block)
        } else if let name = XMPLocation.property(in: text[...]) {
            findings.place("\(name) in \(block)")
        }
    }

    private func text(named: String, into findings: inout LocationFindings) -> [UInt8]? {
        guard compressed else { return Array(stored) }
        switch Inflate.zlib(stored, limit: findings.budget) {
        case .success(let text):
            return findings.spend(text.count, on: named) ? text : nil
        case .failure(.tooLarge):
            findings.overBudget(named)
        case .failure(let problem):
            findings.cannotRead("\(named) (“\(keyword)”) does not inflate (\(problem == .cutShort ? "cut short" : "damaged data"))")
        }
        return nil
    }
}

/// A profile as ImageMagick stores it in a PNG text chunk: a newline, the profile's name, a
/// newline, its length in decimal, then its bytes in hexadecimal over many lines.
enum RawProfile {
    static func scan(_ text: ArraySlice<UInt8>, kind: String, block: String, into findings: inout LocationFindings) {
        if ["iptc", "icc", "icm"].contains(kind) { return }
        guard let profile = decode(text) else { return findings.cannotRead("\(block) is not a profile in hexadecimal, or is cut short") }
        switch kind {
        case "exif", "app1":
            if profile.has(JPEGLocation.exifSignature, at: profile.startIndex) {
                TIFFLocation.scan(profile.dropFirst(6), block: "the EXIF of \(block)", depth: 0, into: &findings)
            } else if kind == "app1", profile.has(JPEGLocation.xmpSignature, at: profile.startIndex) {
                if let name = XMPLocation.property(in: profile) { findings.place("\(name) in the XMP of \(block)") }
            } else {
                TIFFLocation.scan(profile, block: "the EXIF of \(block)", depth: 0, into: &findings)
            }
        case "xmp":
            if let name = XMPLocation.property(in: profile) { findings.place("\(name) in the XMP of \(block)") }
        case "8bim":
            PhotoshopLocation.scan(profile, block: "the Photoshop resources of \(block)", depth: 0, into: &findings)
        default:
            findings.cannotRead("\(block) is a profile galgen does not read")
        }
    }

    /// The profile's bytes, or nil when the text is not in this form or holds fewer than it says.
    static func decode(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var index = text.startIndex
        let skipSpace = { while index < text.endIndex, [0x0A, 0x0D, 0x20, 0x09].contains(text[index]) { index += 1 } }
        skipSpace()
        while index < text.endIndex, text[index] != 0x0A { index += 1 }  // the name
        skipSpace()
        var length = 0
        while index < text.endIndex, (0x30...0x39).contains(text[index]), length <= text.count {
            length = length * 10 + Int(text[index] - 0x30)
            index += 1
        }
        guard length <= text.count / 2 else { return nil }
        var profile: [UInt8] = []
        profile.reserveCapacity(length)
        var high: UInt8?
        while index < text.endIndex, profile.count < length {
            let byte = text[index]
            index += 1
            if [0x0A, 0x0D, 0x20, 0x09].contains(byte) { continue }
            guard let digit = hexValue(byte) else { return nil }
            if let first = high { profile.append(first << 4 | digit); high = nil } else { high = digit }
        }
        return profile.count == length ? profile[...] : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
