import GalgenCore

/// Capture times in the forms photo metadata writes them, read into `CaptureTime`.
///
/// Every reader is strict about what it accepts (digits where digits belong, fields in range,
/// nothing left over but whitespace and NULs), so a malformed or all-zero date is nil, never a
/// wrong time.
enum CaptureTimeText {
    /// EXIF DateTimeOriginal `2019:05:04 12:30:59`, with SubSecTimeOriginal (`75` = 0.75 s) and
    /// OffsetTimeOriginal (`+02:00`) when given. `-` between the date's fields and a `T` before
    /// the time are accepted too, as are a missing seconds field and a date alone.
    static func exif(_ text: String, subSeconds: String? = nil, offset: String? = nil) -> CaptureTime? {
        var cursor = DigitCursor(text)
        guard let fields = cursor.dateAndTime(dateSeparators: ":-"), cursor.atEnd else { return nil }
        let millisecond = subSeconds.flatMap(Self.subSecondMilliseconds) ?? fields.millisecond
        let offsetMinutes = offset.flatMap { text -> Int? in
            var cursor = DigitCursor(text)
            return cursor.zone().flatMap { cursor.atEnd ? $0 : nil }
        }
        return fields.time(millisecond: millisecond, offsetMinutes: offsetMinutes ?? fields.offsetMinutes)
    }

    /// ISO 8601 as XMP writes it: `2019-05-04`, `2019-05-04T12:30`, `2019-05-04T12:30:59.53+02:00`,
    /// `…Z`; a year alone (`2019`) or year and month are the first day of them.
    static func iso8601(_ text: String) -> CaptureTime? {
        var cursor = DigitCursor(text)
        guard let fields = cursor.dateAndTime(dateSeparators: "-:", allowsReducedDate: true), cursor.atEnd else { return nil }
        return fields.time(millisecond: fields.millisecond, offsetMinutes: fields.offsetMinutes)
    }

    /// IPTC 2:55 Date Created `CCYYMMDD` with 2:60 Time Created `HHMMSS±HHMM` (or `HHMMSS`).
    /// Month or day `00` (IIM's "unknown") reads as 1; an unreadable time is left out.
    static func iptc(date: String, time: String?) -> CaptureTime? {
        var cursor = DigitCursor(date)
        guard let year = cursor.number(4), let month = cursor.number(2), let day = cursor.number(2), cursor.atEnd
        else { return nil }
        var fields = CaptureFields(year: year, month: max(month, 1), day: max(day, 1))
        if let clock = time.flatMap(iptcTime) {
            (fields.hour, fields.minute, fields.second, fields.offsetMinutes) = clock
        }
        return fields.time(millisecond: 0, offsetMinutes: fields.offsetMinutes)
    }

    /// `HHMMSS` or `HHMMSS±HHMM`, nothing else.
    private static func iptcTime(_ text: String) -> (Int, Int, Int, Int?)? {
        var cursor = DigitCursor(text)
        guard let hour = cursor.number(2), let minute = cursor.number(2), let second = cursor.number(2) else { return nil }
        if cursor.atEnd { return (hour, minute, second, nil) }
        guard let zone = cursor.zone(), cursor.atEnd else { return nil }
        return (hour, minute, second, zone)
    }

    /// `75` → 750, `0887` → 88, `860627` → 860: the first three digits of a fraction of a second.
    static func subSecondMilliseconds(_ text: String) -> Int? {
        let digits = Array(text.utf8.filter { $0 != 0 }).trimmingSpaces
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let three = (digits + [0x30, 0x30, 0x30]).prefix(3)
        return three.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

/// The fields of a date and time, before they are checked.
struct CaptureFields {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0, millisecond = 0
    var offsetMinutes: Int?

    func time(millisecond: Int, offsetMinutes: Int?) -> CaptureTime? {
        CaptureTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                    millisecond: millisecond, offsetMinutes: offsetMinutes)
    }
}

extension [UInt8] {
    /// Without leading and trailing spaces.
    var trimmingSpaces: ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return [] }
        return self[first...last]
    }
}
