/// How far inside the network a URL's host is, from its spelling alone (no name is resolved):
/// a redirect may not lead further in than the host that sent it.
public enum HostScope: Int, Comparable, Sendable {
    /// This machine: 127/8, 0/8, ::1, ::, localhost and *.localhost.
    case loopback
    /// The local network: 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7, fe80::/10, fec0::/10.
    case privateNetwork
    /// Any other address, and every other name.
    case publicNetwork

    public static func < (a: HostScope, b: HostScope) -> Bool { a.rawValue < b.rawValue }

    /// `host` as in a URL: brackets, a zone and one trailing dot are allowed; IPv4 in any
    /// form the system resolver accepts (127.1, 0x7f000001, 2130706433, 0177.0.0.1).
    public init(host: String) {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let zone = host.firstIndex(of: "%") { host = String(host[..<zone]) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        if host == "localhost" || host.hasSuffix(".localhost") {
            self = .loopback
        } else if let address = Self.ipv4(host) {
            self = Self.scope(ipv4: address)
        } else if let groups = Self.ipv6(host) {
            self = Self.scope(ipv6: groups)
        } else {
            self = .publicNetwork
        }
    }

    static func scope(ipv4 a: UInt32) -> HostScope {
        func within(_ network: UInt32, _ bits: UInt32) -> Bool { a >> (32 - bits) == network >> (32 - bits) }
        if within(0x7F00_0000, 8) || within(0, 8) { return .loopback }
        if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16)
            || within(0xA9FE_0000, 16) || within(0x6440_0000, 10) {
            return .privateNetwork
        }
        return .publicNetwork
    }

    static func scope(ipv6 g: [UInt16]) -> HostScope {
        if g.dropLast().allSatisfy({ $0 == 0 }) && g[7] <= 1 { return .loopback }
        // ::ffff:a.b.c.d reaches the IPv4 address.
        if g[0..<5].allSatisfy({ $0 == 0 }) && g[5] == 0xFFFF { return scope(ipv4: UInt32(g[6]) << 16 | UInt32(g[7])) }
        if g[0] & 0xFE00 == 0xFC00 || g[0] & 0xFFC0 == 0xFE80 || g[0] & 0xFFC0 == 0xFEC0 { return .privateNetwork }
        return .publicNetwork
    }

    /// IPv4 as inet_aton reads it: one to four parts, each decimal, octal (0…) or hex (0x…),
    /// the last filling the remaining bytes.
    static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            let lower = part.lowercased()
            let value: UInt64? = if lower.hasPrefix("0x") {
                UInt64(lower.dropFirst(2), radix: 16)
            } else if lower.count > 1, lower.hasPrefix("0") {
                UInt64(lower.dropFirst(), radix: 8)
            } else {
                UInt64(lower, radix: 10)
            }
            guard let value, lower.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "x") }) else { return nil }
            values.append(value)
        }
        guard values.dropLast().allSatisfy({ $0 <= 255 }), values.last! < UInt64(1) << (8 * (5 - values.count)) else { return nil }
        var address = values.last!
        for (index, value) in values.dropLast().enumerated() { address |= value << (8 * (3 - index)) }
        return UInt32(address)
    }

    /// IPv6 as eight 16-bit groups, with `::` and a dotted IPv4 tail.
    static func ipv6(_ text: String) -> [UInt16]? {
        guard text.contains(":") else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard piece.split(separator: ".", omittingEmptySubsequences: false).count == 4,
                          piece.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                          let v4 = ipv4(String(piece)) else { return nil }
                    result += [UInt16(v4 >> 16), UInt16(v4 & 0xFFFF)]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        let halves = text.components(separatedBy: "::")
        switch halves.count {
        case 1:
            guard let all = groups(Substring(text)), all.count == 8 else { return nil }
            return all
        case 2:
            guard let head = groups(Substring(halves[0])), let tail = groups(Substring(halves[1])), head.count + tail.count < 8
            else { return nil }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }
}
