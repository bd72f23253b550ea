import Foundation

/// Numbers and dates as a language writes them, with Foundation's (ICU's) formats for the tag.
/// English keeps galgen's own forms ("3,000", "2019-05-04 12:30"), so English pages read as
/// they always have.
struct LocaleFormat: Equatable, Sendable {
    /// nil for English: galgen's own forms.
    let locale: Locale?

    init(tag: String) {
        locale = Labels.baseLanguage(tag) == "en" ? nil : Locale(identifier: tag)
    }

    func number(_ number: Int) -> String {
        guard let locale else { return Self.grouped(number) }
        return number.formatted(.number.locale(locale))
    }

    /// "2019:05:04 12:30:59" → "4. Mai 2019, 12:30" (German); only the date when the time is
    /// unreadable; nil for a blank or meaningless date.
    func date(_ exif: String) -> String? {
        guard let text = PhotoFacts.dateText(exif) else { return nil }
        guard let locale else { return text }
        let digits = text.split { !$0.isNumber }.compactMap { Int($0) }
        guard digits.count >= 3 else { return text }
        var components = DateComponents(year: digits[0], month: digits[1], day: digits[2])
        let hasTime = digits.count >= 5
        if hasTime { (components.hour, components.minute) = (digits[3], digits[4]) }
        var calendar = Calendar(identifier: .gregorian)
        // The camera's local time, written as it was: no zone is converted.
        guard let utc = TimeZone(identifier: "UTC") else { return text }
        calendar.timeZone = utc
        guard let date = calendar.date(from: components) else { return text }
        let style = Date.FormatStyle(date: .abbreviated, time: hasTime ? .shortened : .omitted, locale: locale,
                                     calendar: calendar, timeZone: utc)
        return date.formatted(style)
    }

    /// Each full stop between two digits as the locale's decimal comma, where it writes one; any
    /// other separator (Arabic's U+066B beside Latin digits would read oddly) keeps the full stop.
    func decimals(_ text: String) -> String {
        guard let separator = locale?.decimalSeparator, separator == ",", text.contains(".") else { return text }
        let characters = Array(text)
        return String(characters.indices.map { index in
            characters[index] == "." && index > 0 && index + 1 < characters.count
                && characters[index - 1].isASCII && characters[index - 1].isNumber
                && characters[index + 1].isASCII && characters[index + 1].isNumber ? "," : characters[index]
        })
    }

    /// 3000 → "3,000": thousands grouped with commas, as the page's English reads.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
