/// Just enough of ISO-BMFF to check a HEIF file before libheif reads it: boxes by type, and the
/// `dimg` references that make a grid or an overlay out of other images. Bounded by the bytes
/// given; never reads past them.
enum HEIFBoxes {
    /// The first box of `type` among the boxes that fill `bytes` (its whole box, header included).
    static func box(_ type: String, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            var size = number(bytes, offset, 4)
            var header = 8
            if size == 1, offset + 16 <= bytes.endIndex {  // a 64-bit size follows the type
                size = number(bytes, offset + 8, 8)
                header = 16
            } else if size == 0 {
                size = bytes.endIndex - offset
            }
            guard size >= header else { return nil }
            let end = offset + min(size, bytes.endIndex - offset)
            if bytes[(offset + 4)..<(offset + 8)].elementsEqual(type.utf8) { return bytes[offset..<end] }
            offset = end
        }
        return nil
    }

    /// The item a derived image (a grid, an overlay) refers to itself through, directly or round a
    /// loop of `dimg` references, or nil. libheif 1.15 follows such a loop for ever, starting a
    /// thread at each step, until the process can start no more and aborts.
    static func derivationLoop(in bytes: [UInt8]) -> Int? {
        // meta and iref are full boxes: 4 bytes of version and flags after the header.
        guard let meta = box("meta", in: bytes[...]), meta.count > 12,
              let iref = box("iref", in: meta.dropFirst(12)), iref.count > 12 else { return nil }
        let idSize = iref[iref.startIndex + 8] == 0 ? 2 : 4
        var edges: [Int: [Int]] = [:]
        var offset = iref.startIndex + 12
        while offset + 8 + idSize + 2 <= iref.endIndex {
            let size = number(iref, offset, 4)
            guard size >= 8 + idSize + 2 else { break }
            // A reference box claiming more than its parent holds is read to the parent's end, as
            // libheif reads it (the fuzzer's second loop hid behind such a size).
            let end = iref.endIndex - offset < size ? iref.endIndex : offset + size
            if iref[(offset + 4)..<(offset + 8)].elementsEqual("dimg".utf8) {
                let from = number(iref, offset + 8, idSize)
                let count = number(iref, offset + 8 + idSize, 2)
                let first = offset + 10 + idSize
                for index in 0..<min(count, max(0, end - first) / idSize) {
                    edges[from, default: []].append(number(iref, first + index * idSize, idSize))
                }
            }
            offset = end
        }
        return loop(in: edges)
    }

    /// An image sequence (ISO/IEC 23008-12 clause 7): a top-level `moov` box holding a picture
    /// track, stored beside the still images of the `meta` box or instead of them.
    struct ImageSequence: Equatable {
        /// "AVIF" when the file carries the `avis` brand, else "HEIF".
        var format: String
        /// Samples in the first picture track's sample table; nil when it does not say.
        var frames: Int?
        /// Whether the file-level `meta` box names a primary item (`pitm`): the still image libheif shows.
        var hasStillImage: Bool

        /// The note for a file whose still image is shown; nil for a single frame (the still shows all there is).
        var note: String? {
            frames == 1 ? nil : "\(described): its still (primary) image is used"
        }

        private var described: String {
            (format == "AVIF" ? "an " : "a ") + format + " image sequence" + (frames.map { " of \($0) frames" } ?? "")
        }

        /// Why a file with no still image is refused, and what to do instead.
        var refusal: String {
            "it is \(described) with no still (primary) image, and galgen "
                + "reads only still images from HEIF and AVIF files; export one frame as a still image (for example as a JPEG) and use that file"
        }
    }

    /// The file's image sequence, or nil when it has none: a top-level `moov` box with a `pict`
    /// (HEIF) or `vide` track. Its frames are counted from that track's `stsz` or `stz2` box.
    static func imageSequence(in bytes: [UInt8]) -> ImageSequence? {
        guard let moov = box("moov", in: bytes[...]) else { return nil }
        for trak in boxes("trak", in: contents(of: moov)) {
            guard let mdia = box("mdia", in: contents(of: trak)),
                  let hdlr = box("hdlr", in: contents(of: mdia)).map({ contents(of: $0, full: true) }),
                  ["pict", "vide"].contains(where: { hdlr.dropFirst(4).starts(with: $0.utf8) }) else { continue }
            // stsz and stz2 alike: after version and flags, 4 bytes (sample size or field size), then the count.
            let table = box("minf", in: contents(of: mdia)).flatMap { box("stbl", in: contents(of: $0)) }.map { contents(of: $0) }
            let sizes = table.flatMap { box("stsz", in: $0) ?? box("stz2", in: $0) }.map { contents(of: $0, full: true) }
            let count = sizes.map { number($0, $0.startIndex + 4, 4) } ?? 0
            let meta = boxes("meta", in: bytes[...]).last  // libheif reads the last one
            return ImageSequence(format: brands(bytes)?.contains("avis") == true ? "AVIF" : "HEIF",
                                 frames: sizes == nil || count == 0 ? nil : count,
                                 hasStillImage: meta.map { box("pitm", in: contents(of: $0, full: true)) != nil } ?? false)
        }
        return nil
    }

    /// A copy of an image sequence file with a still image whose ftyp lists the sequence brand
    /// `msf1` but none of the brands libheif 1.15 requires (`heic`, `heix`, `mif1`, `avif`), with
    /// that `msf1` turned into `mif1` so libheif reads the still image (as libheif 1.20 does
    /// unchanged); nil for every other file. Early libavif sequences (2020) are written so.
    static func stillImageBrandAdded(to bytes: [UInt8]) -> [UInt8]? {
        guard boxes("ftyp", in: bytes[...]).count == 1, let ftyp = box("ftyp", in: bytes[...]), let brands = brands(bytes),
              !brands.contains(where: ["heic", "heix", "mif1", "avif"].contains), let index = brands.firstIndex(of: "msf1"),
              imageSequence(in: bytes)?.hasStillImage == true else { return nil }
        let at = contents(of: ftyp).startIndex + 8 + 4 * index
        var copy = bytes
        copy.replaceSubrange(at..<(at + 4), with: "mif1".utf8)
        return copy
    }

    /// The compatible brands of the file's first `ftyp` box (the major brand is not one of them
    /// unless listed again, as libheif reads them).
    private static func brands(_ bytes: [UInt8]) -> [String]? {
        guard let ftyp = box("ftyp", in: bytes[...]) else { return nil }
        let list = contents(of: ftyp).dropFirst(8)
        return stride(from: list.startIndex, to: list.endIndex - 3, by: 4).map { String(decoding: list[$0..<($0 + 4)], as: UTF8.self) }
    }

    /// Every box of `type` among the boxes that fill `bytes`, in order.
    static func boxes(_ type: String, in bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var rest = bytes
        while let next = box(type, in: rest) {
            found.append(next)
            rest = rest[next.endIndex...]
        }
        return found
    }

    /// A box's contents after its header (8 bytes, or 16 with a 64-bit size), and after the
    /// version and flags of a full box.
    static func contents(of box: ArraySlice<UInt8>, full: Bool = false) -> ArraySlice<UInt8> {
        box.dropFirst((number(box, box.startIndex, 4) == 1 ? 16 : 8) + (full ? 4 : 0))
    }

    /// An item on a cycle of `edges`, found by a depth-first walk that visits each item once.
    private static func loop(in edges: [Int: [Int]]) -> Int? {
        var state: [Int: Bool] = [:]  // false: on the current path; true: done
        for start in edges.keys.sorted() where state[start] == nil {
            var stack: [(item: Int, next: Int)] = [(start, 0)]
            state[start] = false
            while let top = stack.last {
                let targets = edges[top.item] ?? []
                if top.next == targets.count {
                    state[top.item] = true
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = targets[top.next]
                switch state[target] {
                case false?: return target
                case true?: continue
                case nil:
                    state[target] = false
                    stack.append((target, 0))
                }
            }
        }
        return nil
    }

    static func number(_ bytes: ArraySlice<UInt8>, _ at: Int, _ length: Int) -> Int {
        guard at >= bytes.startIndex, at + length <= bytes.endIndex else { return 0 }
        return bytes[at..<(at + length)].reduce(0) { $0 << 8 | Int($1) }
    }
}
