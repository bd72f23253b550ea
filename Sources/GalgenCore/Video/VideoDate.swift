/// The dates video containers carry, as ffprobe shows them: QuickTime's
/// `com.apple.quicktime.creationdate` with its zone (`2023-07-14T18:32:05+0200`), and
/// `creation_time` in UTC (`2023-07-14T16:32:05.000000Z`).
public enum VideoDate {
    /// A date and time, `T` or a space between, optional fraction, optional zone (`Z`, `+02:00`,
    /// `+0200`, `+02`); nil for anything else, and for the zero dates muxers write when they know
    /// none (1904-01-01 and 1970-01-01 at midnight).
    public static func parse(_ text: String) -> CaptureTime? {
        let characters = Array(text.utf8.prefix(64))
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= characters.count else { return nil }
            var value = 0
            for byte in characters[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func skip(_ allowed: String) -> Bool {
            guard index < characters.count, allowed.utf8.contains(characters[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2), skip("T "),
              let hour = digits(2), skip(":"), let minute = digits(2), skip(":"), let second = digits(2)
        else { return nil }
        var millisecond = 0
        if skip(".") {
            let start = index
            while index < characters.count, (0x30...0x39).contains(characters[index]) { index += 1 }
            let fraction = characters[start..<index].prefix(3) + Array(repeating: 0x30, count: 3)
            millisecond = fraction.prefix(3).reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard case let .read(offset) = zone(characters, from: &index), index == characters.count else { return nil }
        if (year == 1904 || year == 1970) && month == 1 && day == 1 && hour == 0 && minute == 0 && second == 0 { return nil }
        return CaptureTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                           millisecond: millisecond, offsetMinutes: offset)
    }

    private enum Zone { case read(Int?), malformed }

    /// Nothing (no zone: nil minutes), `Z`, or `±HH`, `±HHMM`, `±HH:MM`.
    private static func zone(_ characters: [UInt8], from index: inout Int) -> Zone {
        guard index < characters.count else { return .read(nil) }
        let sign = characters[index]
        if sign == UInt8(ascii: "Z") {
            index += 1
            return .read(0)
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return .malformed }
        let rest = characters[(index + 1)...].filter { $0 != UInt8(ascii: ":") }
        guard rest.count == 2 || rest.count == 4, rest.allSatisfy({ (0x30...0x39).contains($0) }) else { return .malformed }
        let number = rest.map { Int($0 - 0x30) }
        let minutes = (number[0] * 10 + number[1]) * 60 + (rest.count == 4 ? number[2] * 10 + number[3] : 0)
        index = characters.count
        return .read(sign == UInt8(ascii: "-") ? -minutes : minutes)
    }
}
