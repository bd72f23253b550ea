import GalgenCore

/// Every IFD of an EXIF (TIFF) structure, read for GPS coordinates: IFD0 and the IFDs chained
/// after it (IFD1, the thumbnail's), and every Exif, GPS, Interoperability and SubIFD they point
/// to, each once. Every GPSInfo tag is followed, not only the last (a later duplicate overwrites
/// the first in most readers, and an earlier one in others). A GPS IFD holds a location when it
/// has a latitude or longitude (GPSLatitude, GPSLongitude or their GPSDest forms) with a value,
/// zero degrees included; one with only a version, a time, an altitude or references, or with
/// coordinates of undefined rationals (0/0), as cameras write without a fix, holds none. XMP
/// (tag 700) and Photoshop resources (34377) inside are read too, and so is an embedded JPEG
/// thumbnail's own metadata. Maker notes are not read.
///
/// An IFD or a value that runs past the end, or a pointer outside the structure, makes it unreadable.
enum TIFFLocation {
    /// IFDs read at most in one structure (a camera writes four to six).
    static let maxIFDs = 64

    private enum Kind { case chained, sub, gps }

    static func scan(_ tiff: ArraySlice<UInt8>, block: String, depth: Int, into findings: inout LocationFindings) {
        guard depth <= LocationFindings.maxDepth else {
            return findings.cannotRead("\(block) nests blocks more than \(LocationFindings.maxDepth) deep")
        }
        guard let reader = TIFFStructure(tiff) else {
            findings.cannotRead("\(block) is not a TIFF structure (it starts \(tiff.printable(8)))")
            return
        }
        var pending: [(offset: Int, kind: Kind)] = [(reader.firstIFD, .chained)]
        var visited: Set<Int> = []
        while let (offset, kind) = pending.popLast(), !findings.isSettled {
            guard visited.insert(offset).inserted else { continue }
            guard visited.count <= maxIFDs else { return findings.cannotRead("\(block) links more than \(maxIFDs) IFDs") }
            guard let entries = reader.entries(at: offset) else {
                return findings.cannotRead("\(block) has an IFD at offset \(offset) that runs past its end")
            }
            if kind == .chained, let next = reader.next(after: offset, count: entries.count), next != 0 {
                guard reader.contains(next) else { return findings.cannotRead("\(block) links an IFD outside it (offset \(next))") }
                pending.append((next, .chained))
            }
            if kind == .gps, let position = position(in: entries, reader: reader) { findings.locate(position) }
            for entry in entries where !findings.isSettled {
                if kind == .gps {
                    coordinate(entry, reader: reader, block: block, into: &findings)
                    continue
                }
                read(entry, entries: entries, reader: reader, block: block, depth: depth, pending: &pending, findings: &findings)
            }
        }
    }

    /// A GPS tag that places the photo (or what it shows) on the map, when it has a value: a
    /// rational whose denominators are all zero is undefined (what Samsung phones write without
    /// a fix), anything else counts, zero degrees included.
    private static func coordinate(_ entry: TIFFStructure.Entry, reader: TIFFStructure, block: String, into findings: inout LocationFindings) {
        guard let name = gpsCoordinate[entry.tag], entry.count > 0 else { return }
        if [5, 10].contains(entry.type) {
            guard let values = reader.values(entry, size: 8) else { return findings.cannotRead("\(block)'s \(name) runs past its end") }
            let denominators = stride(from: values.lowerBound + 4, to: values.upperBound, by: 8).map { reader.number(at: $0, 4) ?? 0 }
            if denominators.allSatisfy({ $0 == 0 }) { return }
        }
        findings.place("GPS coordinates (\(name)) in \(block)")
    }

    /// The camera's position in a GPS IFD: GPSLatitude and GPSLongitude (three rationals each:
    /// degrees, minutes, seconds; a zero denominator in minutes or seconds reads as zero) with
    /// their references (GPSLatitudeRef `N`/`S`, GPSLongitudeRef `E`/`W`). None when either is
    /// missing, undefined (0/0 degrees) or off the globe.
    static func position(in entries: [TIFFStructure.Entry], reader: TIFFStructure) -> GeoCoordinates? {
        func parts(_ tag: Int) -> [Double]? {
            guard let entry = entries.first(where: { $0.tag == tag }), [5, 10].contains(entry.type), entry.count >= 1,
                  let values = reader.values(entry, size: 8) else { return nil }
            let parts = (0..<min(entry.count, 3)).map { index -> Double? in
                guard let numerator = reader.number(at: values.lowerBound + index * 8, 4),
                      let denominator = reader.number(at: values.lowerBound + index * 8 + 4, 4) else { return nil }
                let signed = { (value: Int) in entry.type == 10 ? Double(Int32(truncatingIfNeeded: value)) : Double(value) }
                return denominator == 0 ? (index == 0 ? nil : 0) : signed(numerator) / signed(denominator)
            }
            return parts.contains(where: { $0 == nil }) ? nil : parts.compactMap { $0 }
        }
        func reference(_ tag: Int) -> String? {
            entries.first(where: { $0.tag == tag }).flatMap { reader.string($0, limit: 2) }
        }
        guard let latitude = parts(0x02).flatMap({ GeoCoordinates.degrees($0, reference: reference(0x01)) }),
              let longitude = parts(0x04).flatMap({ GeoCoordinates.degrees($0, reference: reference(0x03)) }) else { return nil }
        return GeoCoordinates(latitude: latitude, longitude: longitude)
    }

    /// The GPS tags that place the photo (or what it shows) on the map.
    static let gpsCoordinate: [Int: String] = [0x02: "GPSLatitude", 0x04: "GPSLongitude", 0x14: "GPSDestLatitude",
                                               0x16: "GPSDestLongitude"]
    private static let pointers: [Int: Kind] = [0x8769: .sub, 0xA005: .sub, 0x014A: .sub, 0x8825: .gps]

    private static func read(_ entry: TIFFStructure.Entry, entries: [TIFFStructure.Entry], reader: TIFFStructure, block: String, depth: Int,
                             pending: inout [(offset: Int, kind: Kind)], findings: inout LocationFindings) {
        if let kind = pointers[entry.tag] {
            guard [4, 13].contains(entry.type), let values = reader.values(entry, size: 4) else {
                return findings.cannotRead("\(block) has a pointer to an IFD (tag \(entry.tag)) that galgen cannot follow")
            }
            for index in 0..<entry.count {
                let target = reader.number(at: values.lowerBound + index * 4, 4) ?? 0
                guard target != 0 else { continue }
                guard reader.contains(target) else {
                    return findings.cannotRead("\(block) points to an IFD outside it (tag \(entry.tag), offset \(target))")
                }
                pending.append((target, kind))
            }
            return
        }
        switch entry.tag {
        case 0x02BC:  // XMP
            guard let value = reader.values(entry, size: 1) else { return findings.cannotRead("\(block)'s XMP runs past its end") }
            if let name = XMPLocation.property(in: reader.bytes[value]) { findings.place("\(name) in the XMP of \(block)") }
        case 0x8649:  // Photoshop image resources
            guard let value = reader.values(entry, size: 1) else {
                return findings.cannotRead("\(block)'s Photoshop resources run past its end")
            }
            PhotoshopLocation.scan(reader.bytes[value], block: "the Photoshop resources of \(block)", depth: depth + 1, into: &findings)
        case 0x0201:  // JPEGInterchangeFormat: the thumbnail, as long as 0x0202 says
            scanThumbnail(at: entry, entries: entries, reader: reader, block: block, depth: depth, into: &findings)
        default:
            return
        }
    }

    private static func scanThumbnail(at entry: TIFFStructure.Entry, entries: [TIFFStructure.Entry], reader: TIFFStructure, block: String, depth: Int,
                                      into findings: inout LocationFindings) {
        guard let offsetValue = reader.values(entry, size: 4).flatMap({ reader.number(at: $0.lowerBound, 4) }),
              let lengthEntry = entries.first(where: { $0.tag == 0x0202 }),
              let length = reader.values(lengthEntry, size: 4).flatMap({ reader.number(at: $0.lowerBound, 4) }), length > 0 else { return }
        guard let start = reader.absolute(offsetValue), start <= reader.bytes.endIndex - length else {
            return findings.cannotRead("\(block)'s thumbnail runs past its end")
        }
        JPEGLocation.scanEmbedded(reader.bytes[start..<(start + length)], block: "the thumbnail in \(block)", depth: depth + 1,
                                  into: &findings)
    }
}
