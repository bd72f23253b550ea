/// Reads the fixed-width numbers and separators of a date, left to right.
struct DigitCursor {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    /// The text with surrounding whitespace and NULs (EXIF pads with them) removed.
    init(_ text: String) {
        let all = Array(text.utf8)
        let keep = { (byte: UInt8) in byte > 0x20 }
        let start = all.firstIndex(where: keep) ?? all.endIndex
        let end = all.lastIndex(where: keep).map { $0 + 1 } ?? start
        bytes = all[start..<end]
        index = start
    }

    var atEnd: Bool { index >= bytes.endIndex }

    /// Exactly `width` ASCII digits.
    mutating func number(_ width: Int) -> Int? {
        guard bytes.endIndex - index >= width else { return nil }
        var value = 0
        for byte in bytes[index..<(index + width)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += width
        return value
    }

    /// Skips one of `characters` if it is next.
    mutating func skip(oneOf characters: String) -> Bool {
        guard !atEnd, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// Digits of a fraction after a `.` or `,`, as milliseconds (beyond three digits ignored).
    mutating func fraction() -> Int? {
        guard skip(oneOf: ".,") else { return 0 }
        let start = index
        while !atEnd, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        let digits = Array(bytes[start..<min(index, start + 3)]) + Array(repeating: 0x30, count: 3)
        return digits.prefix(3).reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, in minutes east of UTC.
    mutating func zone() -> Int? {
        if skip(oneOf: "Zz") { return 0 }
        guard !atEnd else { return nil }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        guard skip(oneOf: "+-"), let hours = number(2) else { return nil }
        _ = skip(oneOf: ":")
        let minutes = atEnd ? 0 : number(2)
        guard let minutes, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }

    /// `YYYY<sep>MM<sep>DD[( |T)HH:MM[:SS[.fff]][zone]]`; with `allowsReducedDate`, also `YYYY`
    /// and `YYYY-MM`. The caller checks that nothing is left over.
    mutating func dateAndTime(dateSeparators: String, allowsReducedDate: Bool = false) -> CaptureFields? {
        guard let year = number(4) else { return nil }
        guard skip(oneOf: dateSeparators) else { return allowsReducedDate && atEnd ? CaptureFields(year: year, month: 1, day: 1) : nil }
        guard let month = number(2) else { return nil }
        guard skip(oneOf: dateSeparators) else { return allowsReducedDate && atEnd ? CaptureFields(year: year, month: month, day: 1) : nil }
        guard let day = number(2) else { return nil }
        var fields = CaptureFields(year: year, month: month, day: day)
        guard !atEnd else { return fields }
        guard skip(oneOf: " T"), let hour = number(2), skip(oneOf: ":"), let minute = number(2) else { return nil }
        (fields.hour, fields.minute) = (hour, minute)
        if skip(oneOf: ":") {
            guard let second = number(2), let millisecond = fraction() else { return nil }
            (fields.second, fields.millisecond) = (second, millisecond)
        }
        if !atEnd {
            guard let zone = zone() else { return nil }
            fields.offsetMinutes = zone
        }
        return fields
    }
}
