/// ISO-BMFF boxes read strictly for the location check: a box must lie wholly inside its parent,
/// and the boxes must fill it exactly. Galgen's own `HEIFBoxes` (for libheif) is lenient
/// instead, as libheif is; here leniency would let a box hide.
struct BMFFBox {
    var type: String
    /// The box's contents after its header (and after the version and flags of a full box, once `full` is taken).
    var body: ArraySlice<UInt8>

    /// The version and the contents of a full box (4 bytes of version and flags first).
    var full: (version: Int, body: ArraySlice<UInt8>)? {
        guard let version = body.bigEndian(at: body.startIndex, 1), body.count >= 4 else { return nil }
        return (version, body.dropFirst(4))
    }

    /// Boxes read at most in one parent.
    static let maxBoxes = 1 << 16

    /// The boxes that fill `bytes`, or why they do not.
    static func boxes(in bytes: ArraySlice<UInt8>) -> Result<[BMFFBox], BoxError> {
        var boxes: [BMFFBox] = []
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard boxes.count < maxBoxes else { return .failure(.tooMany) }
            guard var size = bytes.bigEndian(at: offset, 4), bytes.count >= 8, offset + 8 <= bytes.endIndex else {
                return .failure(.cutShort(offset))
            }
            var header = 8
            if size == 1 {
                guard let large = bytes.bigEndian(at: offset + 8, 8), large >= 0 else { return .failure(.cutShort(offset)) }
                (size, header) = (large, 16)
            } else if size == 0 {
                size = bytes.endIndex - offset
            }
            guard size >= header, size <= bytes.endIndex - offset else { return .failure(.cutShort(offset)) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            boxes.append(BMFFBox(type: type, body: bytes[(offset + header)..<(offset + size)]))
            offset += size
        }
        return .success(boxes)
    }

    enum BoxError: Error {
        /// A box that runs past its parent (or the file), at this absolute offset.
        case cutShort(Int)
        case tooMany

        func describe(in parent: String) -> String {
            switch self {
            case .cutShort(let offset): "a box in \(parent) at byte \(offset) runs past its end (the file is cut short or damaged)"
            case .tooMany: "\(parent) holds more than \(BMFFBox.maxBoxes) boxes"
            }
        }
    }
}
