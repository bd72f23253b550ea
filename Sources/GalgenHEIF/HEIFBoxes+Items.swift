extension HEIFBoxes {
    /// The most items (images, grid tiles, thumbnails, metadata) galgen lets libheif read from one
    /// file. libheif 1.15 reads a file's items in time that grows with the square of their number:
    /// about 1 s at 4,096 here, 6 s at 10,000 and 25 s at 19,600, all before a pixel is decoded.
    /// Real photos need far fewer: an iPhone HEIC is a grid of 48 tiles (192 at 48 MP) with a
    /// thumbnail, EXIF, XMP, and a depth or gain map of their own tiles (a few hundred in all); a
    /// 200 MP photo in 512×512 tiles is about 800, and even in 256×256 tiles about 3,100.
    static let maximumItems = 4_096

    /// How many items the file declares: the `infe` boxes of the `iinf` box of its `meta` box,
    /// counted without libheif. The largest count of any `meta` and `iinf` box is taken, so that
    /// a file with two cannot hide items in the one libheif picks.
    static func itemCount(in bytes: [UInt8]) -> Int {
        boxes("meta", in: bytes[...]).map { meta in
            boxes("iinf", in: contents(of: meta, full: true)).map { iinf in
                // After version and flags, the entry count: 16 bits in version 0, else 32.
                let entries = contents(of: iinf, full: true)
                let list = entries.dropFirst(number(iinf, iinf.startIndex + headerSize(of: iinf), 1) == 0 ? 2 : 4)
                return boxes("infe", in: list).count
            }.max() ?? 0
        }.max() ?? 0
    }

    /// Why a file with more than `maximumItems` items is refused, and what to do instead; nil
    /// when it has no more.
    static func tooManyItems(in bytes: [UInt8]) -> String? {
        let count = itemCount(in: bytes)
        guard count > maximumItems else { return nil }
        return "it holds \(count) items (images, grid tiles and metadata), over galgen's limit of \(maximumItems) "
            + "for a HEIF or AVIF file (libheif's time to read them grows with their square: 25 s at 20,000); "
            + "a photo needs a few hundred at most, so the file is damaged or made to stall the build: export the photo again (for example as a JPEG) and use that file"
    }

    /// The length of a box's header: 8 bytes, or 16 with a 64-bit size.
    private static func headerSize(of box: ArraySlice<UInt8>) -> Int {
        number(box, box.startIndex, 4) == 1 ? 16 : 8
    }
}
