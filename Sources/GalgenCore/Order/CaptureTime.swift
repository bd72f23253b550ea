/// When a photo was taken, as an instant on one time line, for ordering.
///
/// A time recorded with its UTC offset (EXIF OffsetTimeOriginal, an XMP date with a zone) is an
/// instant. A time recorded without one (most cameras) is read as if it were UTC, never in the
/// build machine's zone, so the order is the same on every machine.
public struct CaptureTime: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 00:00 UTC.
    public var milliseconds: Int64
    /// Whether the time came with its UTC offset.
    public var hasOffset: Bool

    public init(milliseconds: Int64, hasOffset: Bool) {
        self.milliseconds = milliseconds
        self.hasOffset = hasOffset
    }

    /// A calendar time (proleptic Gregorian), minus `offsetMinutes` when known; nil when a field is
    /// out of range (month 13, 31 April, hour 24…). Years 1…9999 only.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                 millisecond: Int = 0, offsetMinutes: Int? = nil) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0...999).contains(millisecond), (-(18 * 60)...(18 * 60)).contains(offsetMinutes ?? 0)
        else { return nil }
        let days = Int64(Self.daysSinceEpoch(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64((offsetMinutes ?? 0) * 60)
        self.init(milliseconds: seconds * 1000 + Int64(millisecond), hasOffset: offsetMinutes != nil)
    }

    public static func < (lhs: CaptureTime, rhs: CaptureTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// ISO 8601 in UTC, for messages and tests: `2024-06-12T13:30:00.000Z` (`…` without a `Z` when
    /// the offset was unknown).
    public var description: String {
        let seconds = milliseconds.floorDivided(by: 1000)
        let days = seconds.floorDivided(by: 86_400)
        let (year, month, day) = Self.civil(fromDays: Int(days))
        let inDay = Int(seconds - days * 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(milliseconds - seconds * 1000)
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)).\(fraction)"
            + (hasOffset ? "Z" : "")
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day count from 1970-01-01 (civil_from_days).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
