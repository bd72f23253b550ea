extension HEIFItems {
    /// Where item bytes can be: the file itself and the `meta` box's `idat`.
    struct Store {
        var file: ArraySlice<UInt8>
        var idat: ArraySlice<UInt8>?
    }

    static func scan(_ item: Item, location: Location?, store: Store, into findings: inout LocationFindings) {
        if imageTypes.contains(item.type) { return }
        let named = "its item \(item.id) ('\(item.type.printableType)'\(item.contentType.isEmpty ? "" : ", \(item.contentType)"))"
        guard item.type == "Exif" || item.type == "jpeg" || isXMP(item) else {
            return findings.cannotRead("\(named) is a kind galgen does not read")
        }
        guard !item.isProtected, item.contentEncoding.isEmpty else {
            return findings.cannotRead("\(named) is protected or encoded (\(item.contentEncoding)), which galgen does not read")
        }
        guard let location else { return findings.cannotRead("\(named) has no place in the file ('iloc')") }
        guard let data = bytes(of: location, store: store, named: named, into: &findings) else { return }
        switch item.type {
        case "Exif":
            guard let tiff = exifTIFF(data[...]) else { return findings.cannotRead("the EXIF of \(named) does not start where it says") }
            TIFFLocation.scan(tiff, block: "the EXIF of \(named)", depth: 0, into: &findings)
        case "jpeg":
            JPEGLocation.scanEmbedded(data[...], block: named, depth: 1, into: &findings)
        default:
            if let name = XMPLocation.property(in: data[...]) { findings.place("\(name) in the XMP of \(named)") }
        }
    }

    /// An item's bytes, its extents put together; nil (noted as unreadable) when they are not all in the file.
    static func bytes(of location: Location, store: Store, named: String, into findings: inout LocationFindings) -> [UInt8]? {
        let source: ArraySlice<UInt8>
        switch (location.method, location.dataReference) {
        case (0, 0): source = store.file
        case (1, 0) where store.idat != nil: source = store.idat!
        default:
            findings.cannotRead("\(named) is stored in a way galgen does not read (construction method \(location.method))")
            return nil
        }
        var data: [UInt8] = []
        for extent in location.extents {
            // Length 0: to the end of where the item's bytes are.
            let length = extent.length == 0 ? source.count - extent.offset : extent.length
            guard extent.offset >= 0, length >= 0, extent.offset <= source.count - length else {
                findings.cannotRead("\(named) runs past the end of the file (it is cut short)")
                return nil
            }
            guard data.count + length <= maxItemBytes else {
                findings.cannotRead("\(named) is larger than galgen reads (\(maxItemBytes >> 20) MB)")
                return nil
            }
            guard findings.spend(length, on: named) else { return nil }
            let start = source.startIndex + extent.offset
            data += source[start..<(start + length)]
        }
        return data
    }

    /// The TIFF structure in an Exif item: after a 4-byte offset to it (usually 6, past
    /// "Exif\0\0"); some writers leave the offset out and start with "Exif\0\0" or the TIFF header.
    static func exifTIFF(_ data: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let headers: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
        let startsTIFF = { (at: Int) in headers.contains { data.has($0, at: at) } }
        if let skip = data.bigEndian(at: data.startIndex, 4), skip <= data.count - 4, startsTIFF(data.startIndex + 4 + skip) {
            return data.dropFirst(4 + skip)
        }
        if startsTIFF(data.startIndex) { return data }
        if data.has(JPEGLocation.exifSignature, at: data.startIndex), startsTIFF(data.startIndex + 6) { return data.dropFirst(6) }
        return nil
    }
}
