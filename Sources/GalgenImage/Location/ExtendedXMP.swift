/// Extended XMP (APP1 "http://ns.adobe.com/xmp/extension/"): what does not fit in one JPEG
/// segment, in chunks that each carry the packet's GUID, its full length and the chunk's offset.
/// The chunks of each GUID are put together before the packet is read, so a property name cut
/// between two chunks is still found. A packet whose chunks leave a gap, overlap or disagree on
/// its length is unreadable.
enum ExtendedXMP {
    struct Chunk {
        var guid: [UInt8]
        var fullLength: Int
        var offset: Int
        var data: ArraySlice<UInt8>

        /// After the signature: a 32-byte GUID, the full length and the offset (4 bytes each, big-endian).
        init?(_ bytes: ArraySlice<UInt8>) {
            let start = bytes.startIndex
            guard let fullLength = bytes.bigEndian(at: start + 32, 4), let offset = bytes.bigEndian(at: start + 36, 4) else { return nil }
            guid = Array(bytes[start..<(start + 32)])
            self.fullLength = fullLength
            self.offset = offset
            data = bytes.dropFirst(40)
        }
    }

    static func scan(_ chunks: [Chunk], label: String, into findings: inout LocationFindings) {
        let packets = Dictionary(grouping: chunks, by: \.guid)
        for guid in packets.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !findings.isSettled {
            let block = "the Extended XMP (GUID \(String(decoding: guid, as: UTF8.self).prefix(32)))\(label)"
            guard let packet = assembled(packets[guid] ?? []) else {
                return findings.cannotRead("\(block) is incomplete: its chunks leave a gap, overlap or disagree on its length")
            }
            if let name = XMPLocation.property(in: packet[...]) { findings.place("\(name) in \(block)") }
        }
    }

    /// The whole packet, when its chunks cover it exactly once.
    private static func assembled(_ chunks: [Chunk]) -> [UInt8]? {
        let ordered = chunks.sorted { $0.offset < $1.offset }
        guard let length = ordered.first?.fullLength, ordered.allSatisfy({ $0.fullLength == length }) else { return nil }
        var packet: [UInt8] = []
        for chunk in ordered {
            guard chunk.offset == packet.count, packet.count + chunk.data.count <= length else { return nil }
            packet += chunk.data
        }
        return packet.count == length ? packet : nil
    }
}
