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

    private static func number(_ bytes: ArraySlice<UInt8>, _ at: Int, _ length: Int) -> Int {
        guard at >= bytes.startIndex, at + length <= bytes.endIndex else { return 0 }
        return bytes[at..<(at + length)].reduce(0) { $0 << 8 | Int($1) }
    }
}
