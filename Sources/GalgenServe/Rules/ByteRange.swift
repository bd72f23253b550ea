/// What a GET's `Range` header asks of a file of `size` bytes (RFC 9110 §14.1–14.4), decided
/// from the header and the size alone. A video element asks for `bytes=0-`, then for the part it
/// seeks to; Safari asks for `bytes=0-1` first, and some players for the tail (`bytes=-500`).
public enum ByteRange: Equatable, Sendable {
    /// The whole file, 200: no Range header, one that is not `bytes=…` or not well formed (a
    /// server may ignore those), or several ranges (a server may answer them with the whole
    /// file instead of a multipart body).
    case whole
    /// These bytes of the file, 206 with `Content-Range: bytes first-last/size`.
    case part(ClosedRange<Int>)
    /// None of the ranges asked for overlaps the file: 416 with `Content-Range: bytes */size`.
    case unsatisfiable

    public static func resolve(_ header: String?, size: Int) -> ByteRange {
        guard let header, let specs = specs(of: header) else { return .whole }
        let satisfiable = specs.compactMap { $0.within(size: size) }
        switch satisfiable.count {
        case 0: return .unsatisfiable
        case 1: return .part(satisfiable[0])
        default: return .whole
        }
    }

    /// One `first-last`, `first-` or `-suffix` of a `bytes=` header.
    enum Spec: Equatable {
        case from(Int, through: Int?)
        case suffix(Int)

        /// The bytes it stands for in a file of `size` bytes; nil when there are none.
        func within(size: Int) -> ClosedRange<Int>? {
            switch self {
            case let .from(first, last):
                guard first < size else { return nil }
                return first...min(last ?? Int.max, size - 1)
            case let .suffix(length):
                guard length > 0, size > 0 else { return nil }
                return max(0, size - length)...(size - 1)
            }
        }
    }

    /// The header's ranges, or nil when it is not a well-formed `bytes=` list (then it is ignored).
    static func specs(of header: String) -> [Spec]? {
        guard let equals = header.firstIndex(of: "="),
              header[..<equals].trimmingSpaces.lowercased() == "bytes" else { return nil }
        var specs: [Spec] = []
        // Empty elements are allowed in a list (`bytes=0-1,,5-`).
        for element in header[header.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let text = element.trimmingSpaces
            if text.isEmpty { continue }
            guard let spec = spec(text) else { return nil }
            specs.append(spec)
        }
        return specs.isEmpty ? nil : specs
    }

    private static func spec(_ text: Substring) -> Spec? {
        guard let dash = text.firstIndex(of: "-") else { return nil }
        let first = text[..<dash], last = text[text.index(after: dash)...]
        if first.isEmpty { return number(last).map(Spec.suffix) }
        guard let start = number(first) else { return nil }
        if last.isEmpty { return .from(start, through: nil) }
        guard let end = number(last), start <= end else { return nil }
        return .from(start, through: end)
    }

    /// Digits only; a number too large for `Int` is `Int.max` (it is past the end of any file).
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits) ?? Int.max
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
