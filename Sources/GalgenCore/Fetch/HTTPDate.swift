import Foundation

/// HTTP dates (RFC 9110 §5.6.7): the preferred IMF-fixdate plus the two obsolete
/// forms a recipient must still accept. Anything else is nil.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    public static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        switch tokens.count {
        case 6 where tokens[5] == "GMT":
            // Sun, 06 Nov 1994 08:49:37 GMT
            return make(day: tokens[1], month: tokens[2], year: tokens[3], time: tokens[4])
        case 4 where tokens[3] == "GMT":
            // Sunday, 06-Nov-94 08:49:37 GMT
            let parts = tokens[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let shortYear = Int(parts[2]), parts[2].count == 2 else { return nil }
            // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
            let year = shortYear + (shortYear < 70 ? 2000 : 1900)
            return make(day: parts[0], month: parts[1], year: String(year), time: tokens[2])
        case 5:
            // Sun Nov  6 08:49:37 1994
            return make(day: tokens[2], month: tokens[1], year: tokens[4], time: tokens[3])
        default:
            return nil
        }
    }

    private static func make(day: String, month: String, year: String, time: String) -> Date? {
        guard let d = Int(day), (1...31).contains(d),
              let m = months.firstIndex(of: month.lowercased()),
              let y = Int(year), year.count == 4 else { return nil }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: y, month: m + 1, day: d)
        let seconds = days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The IMF-fixdate form, for servers and messages.
    public static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
