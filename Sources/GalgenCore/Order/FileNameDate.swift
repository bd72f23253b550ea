/// The date (and time, when there is one) that cameras, phones and apps write into file names,
/// for `sort: date` when a photo has no EXIF date.
///
/// Recognised, anywhere in the name (only the last path component is read):
/// - compact: `IMG_20240612_153012.jpg`, `IMG_20240612_153012_123.jpg`, `PXL_20240612_153012345.jpg`,
///   `20240612_153012.jpg` (Samsung), `Screenshot_20240612-153012.png`, `IMG-20240612-WA0003.jpg`
///   (WhatsApp, a date alone), `BURST20240612153012345`, `20240612153012.jpg`;
/// - separated: `2024-06-12 15.30.12.jpg` (Dropbox), `2024-06-12 15-30-12`, `2024-06-12T15:30:12`,
///   `Screenshot 2024-06-12 at 15.30.12.png`, `Screen Shot 2020-06-12 at 3.30.12 PM.png`,
///   `signal-2024-06-12-153012.jpg`, `2024-06-12.jpg`, `photo 2024_06_12`.
///
/// Digits are taken in whole runs: a date must be a run of exactly 8 digits (or 14, or 17 with the
/// time and milliseconds), or 4-2-2 digits with one separator, so `DSC_202406121234567.jpg` or a
/// counter is never read as a date. Years 1826–2200 only; an impossible date (`20241345`) is
/// not a date, an impossible time leaves the date alone. The first run that starts a valid date wins.
///
/// Times are local and have no offset (read as UTC, as `CaptureTime` does), except in Pixel
/// phones' `PXL_` names, which are UTC: those carry offset 0, so they are exact instants.
public enum FileNameDate {
    /// The capture time a file name holds, or nil.
    public static func parse(_ fileName: String) -> CaptureTime? {
        let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
        let scanner = NameScanner(name)
        let utc = name.hasPrefix("PXL_")
        for run in scanner.runs {
            if let time = (scanner.compact(at: run) ?? scanner.separated(at: run))?.time(offsetMinutes: utc ? 0 : nil) {
                return time
            }
        }
        return nil
    }

    /// Years a photo can have been taken in: from the first photograph to far enough ahead.
    static let years = 1826...2200
}

/// The fields of a date found in a name, before they are checked.
struct NameDate {
    var year: Int, month: Int, day: Int
    var clock: (hour: Int, minute: Int, second: Int, millisecond: Int)?

    func time(offsetMinutes: Int?) -> CaptureTime? {
        guard FileNameDate.years.contains(year),
              CaptureTime(year: year, month: month, day: day) != nil else { return nil }
        if let clock,
           let time = CaptureTime(year: year, month: month, day: day, hour: clock.hour, minute: clock.minute,
                                  second: clock.second, millisecond: clock.millisecond, offsetMinutes: offsetMinutes) {
            return time
        }
        return CaptureTime(year: year, month: month, day: day, offsetMinutes: offsetMinutes)
    }
}

/// A file name as scalars and its maximal runs of ASCII digits, with the patterns that start at a run.
struct NameScanner {
    struct Run {
        var start: Int
        var end: Int
        var count: Int { end - start }
    }

    let scalars: [Unicode.Scalar]
    let runs: [Run]
    /// The run starting at each index that starts one.
    private let runAt: [Int: Run]

    init(_ name: String) {
        scalars = Array(name.unicodeScalars)
        var runs: [Run] = []
        var index = 0
        while index < scalars.count {
            guard Self.isDigit(scalars[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
            runs.append(Run(start: start, end: index))
        }
        self.runs = runs
        runAt = Dictionary(uniqueKeysWithValues: runs.map { ($0.start, $0) })
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `20240612`, then optionally a time: `_153012`, `-153012`, `_153012_123`, `_153012345`;
    /// or `20240612153012` and `20240612153012345` in one run.
    func compact(at run: Run) -> NameDate? {
        switch run.count {
        case 8:
            var date = ymd(run.start)
            guard let time = runAfter(run.end, separators: "_-T ") else { return date }
            switch time.count {
            case 6: date.clock = hms(time.start, millisecond: milliseconds(after: time.end))
            case 9: date.clock = hms(time.start, millisecond: number(time.start + 6, 3))
            default: break
            }
            return date
        case 14:
            var date = ymd(run.start)
            date.clock = hms(run.start + 8, millisecond: milliseconds(after: run.end))
            return date
        case 17:
            var date = ymd(run.start)
            date.clock = hms(run.start + 8, millisecond: number(run.start + 14, 3))
            return date
        default:
            return nil
        }
    }

    /// `2024-06-12`, `2024_06_12` or `2024.06.12`, then optionally a time: ` 15.30.12`,
    /// `T15:30:12`, `_15-30-12-123`, ` at 3.30.12 PM`, `-153012`.
    func separated(at run: Run) -> NameDate? {
        guard run.count == 4, run.end < scalars.count else { return nil }
        let separator = scalars[run.end]
        guard "-_.".unicodeScalars.contains(separator),
              let month = runAfter(run.end, separators: String(separator)), month.count == 2,
              let day = runAfter(month.end, separators: String(separator)), day.count == 2
        else { return nil }
        var date = NameDate(year: number(run.start, 4), month: number(month.start, 2), day: number(day.start, 2))
        date.clock = clock(after: day.end)
        return date
    }

    /// A time after a date that ends at `index`.
    private func clock(after index: Int) -> (hour: Int, minute: Int, second: Int, millisecond: Int)? {
        let at = Array(" at ".unicodeScalars)
        let atEnd = index + at.count
        let hourStart: Int
        if atEnd <= scalars.count, Array(scalars[index..<atEnd]) == at {
            hourStart = atEnd
        } else if index < scalars.count, " T_-".unicodeScalars.contains(scalars[index]) {
            hourStart = index + 1
        } else {
            return nil
        }
        guard let hour = runAt[hourStart] else { return nil }
        if hour.count == 6 { return hms(hour.start, millisecond: milliseconds(after: hour.end)) }
        guard (1...2).contains(hour.count), hour.end < scalars.count else { return nil }
        let separator = scalars[hour.end]
        guard ".-:_".unicodeScalars.contains(separator),
              let minute = runAfter(hour.end, separators: String(separator)), minute.count == 2,
              let second = runAfter(minute.end, separators: String(separator)), second.count == 2
        else { return nil }
        let millisecond = milliseconds(after: second.end)
        var clock = (hour: number(hour.start, hour.count), minute: number(minute.start, 2), second: number(second.start, 2),
                     millisecond: millisecond)
        if let afternoon = meridiem(after: second.end) {
            guard (1...12).contains(clock.hour) else { return nil }
            clock.hour = clock.hour % 12 + (afternoon ? 12 : 0)
        }
        return clock
    }

    /// ` AM` or ` PM` (macOS screenshots; the space may be a no-break or narrow no-break space):
    /// whether it is PM, or nil when there is neither.
    private func meridiem(after index: Int) -> Bool? {
        guard index + 3 <= scalars.count, [" ", "\u{A0}", "\u{202F}"].contains(scalars[index]) else { return nil }
        let word = String(String.UnicodeScalarView(scalars[(index + 1)..<(index + 3)])).uppercased()
        let ends = index + 3 == scalars.count || !scalars[index + 3].properties.isAlphabetic
        guard ends else { return nil }
        return word == "PM" ? true : word == "AM" ? false : nil
    }

    /// `_123`, `-123`, `.123` or `,123` right after a time: its milliseconds, else 0.
    private func milliseconds(after index: Int) -> Int {
        guard let run = runAfter(index, separators: "_-.,"), run.count == 3 else { return 0 }
        return number(run.start, 3)
    }

    /// The digit run right after one separator at `index`.
    private func runAfter(_ index: Int, separators: String) -> Run? {
        guard index < scalars.count, separators.unicodeScalars.contains(scalars[index]) else { return nil }
        return runAt[index + 1]
    }

    private func ymd(_ start: Int) -> NameDate {
        NameDate(year: number(start, 4), month: number(start + 4, 2), day: number(start + 6, 2))
    }

    private func hms(_ start: Int, millisecond: Int) -> (hour: Int, minute: Int, second: Int, millisecond: Int) {
        (number(start, 2), number(start + 2, 2), number(start + 4, 2), millisecond)
    }

    /// The value of `count` digits from `start` (all known to be ASCII digits).
    private func number(_ start: Int, _ count: Int) -> Int {
        scalars[start..<(start + count)].reduce(0) { $0 * 10 + Int($1.value - 0x30) }
    }
}
