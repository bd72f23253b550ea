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
              (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0...999).contains(millisecond), (-(18 * 60)...(18 * 60)).contains(offsetMinutes ?? 0)
        else { return nil }
        let days = Int64(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64((offsetMinutes ?? 0) * 60)
        self.init(milliseconds: seconds * 1000 + Int64(millisecond), hasOffset: offsetMinutes != nil)
    }

    public static func < (lhs: CaptureTime, rhs: CaptureTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// ISO 8601 in UTC, for messages and tests: `2024-06-12T13:30:00.000Z` (`…` without a `Z` when
    /// the offset was unknown).
    public var description: String {
        let seconds = milliseconds.floorDivided(by: 1000)
        let days = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: Int(days))
        let inDay = Int(seconds - days * 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(milliseconds - seconds * 1000)
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)).\(fraction)"
            + (hasOffset ? "Z" : "")
    }
}

extension Int64 {
    package func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
