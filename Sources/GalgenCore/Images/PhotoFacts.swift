/// What a photo page can say about how a photo was taken, read from its EXIF metadata.
///
/// Every field is optional: cameras write some, editors strip others. The text helpers are pure
/// and give nil for a missing or meaningless value, so a page shows only what is known.
public struct PhotoFacts: Equatable, Sendable, Codable {
    /// An EXIF RATIONAL: two unsigned 32-bit integers, kept as written (1/250, or 10/2000).
    public struct Rational: Equatable, Sendable, Codable {
        public var numerator: UInt32
        public var denominator: UInt32

        public init(_ numerator: UInt32, _ denominator: UInt32) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// The quotient; nil when the denominator is zero.
        public var value: Double? {
            denominator == 0 ? nil : Double(numerator) / Double(denominator)
        }
    }

    /// DateTimeOriginal as written by the camera: "YYYY:MM:DD HH:MM:SS", local time, no zone.
    public var takenAt: String?
    public var make: String?
    public var model: String?
    /// Exposure time in seconds.
    public var exposureTime: Rational?
    public var fNumber: Double?
    /// PhotographicSensitivity (formerly ISOSpeedRatings).
    public var iso: Int?
    /// Focal length in millimetres (the lens's, not the 35 mm equivalent).
    public var focalLength: Double?
    /// FocalLengthIn35mmFilm: the focal length a 35 mm camera would need for the same view.
    public var focalLength35mm: Int? = nil
    /// LensMake and LensModel (Exif 2.3), as written.
    public var lensMake: String? = nil
    public var lensModel: String? = nil
    /// ExposureBiasValue in EV (negative: darker), zero included.
    public var exposureBias: Double? = nil
    /// Whether the flash fired (bit 0 of Flash); nil when the camera did not say.
    public var flashFired: Bool? = nil
    /// OffsetTimeOriginal as written ("+02:00"): the zone of `takenAt`, which is the camera's
    /// clock; nil when the camera did not say (then the time is shown without a zone).
    public var offsetTimeOriginal: String? = nil
    /// A Live Photo's content identifier (Apple's MakerNote in the still, QuickTime's
    /// `com.apple.quicktime.content.identifier` in its motion): the two are one item.
    public var contentIdentifier: String? = nil

    public init(
        takenAt: String? = nil, make: String? = nil, model: String? = nil, exposureTime: Rational? = nil,
        fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil
    ) {
        self.takenAt = takenAt
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
    }

    /// No fact known (no EXIF, or none of the fields this type reads).
    public var isEmpty: Bool { self == PhotoFacts() }

    // MARK: - Short human text

    /// "2019-05-04 12:30" from "2019:05:04 12:30:59"; only the date when the time is unreadable;
    /// nil for a blank or all-zero date ("0000:00:00 00:00:00", which some cameras write).
    public var takenAtText: String? {
        takenAt.flatMap(Self.dateText)
    }

    /// "Canon EOS 5D": the model, with the make in front only when the model does not already
    /// start with it ("NIKON CORPORATION" + "NIKON D3100" → "NIKON D3100"; "samsung" + "SM-G935L"
    /// → "samsung SM-G935L"). Corporate suffixes are dropped from a make put in front.
    public var cameraText: String? {
        let make = make.flatMap(Self.clean), model = model.flatMap(Self.clean)
        guard let model else { return make }
        guard let make else { return model }
        let brand = Self.brandWords(make)
        let modelLead = Self.tokens(model).first ?? ""
        if brand.contains(where: { Self.letters($0) == modelLead }) || model.uppercased().hasPrefix(make.uppercased()) {
            return model
        }
        return brand.joined(separator: " ") + " " + model
    }

    /// Below a second as a fraction, as cameras show it: "1/1000 s", "1/3 s", "1/2 s"; "0.8 s"
    /// when a fraction of one would say less; a second and longer in seconds: "1 s", "1.3 s", "30 s".
    public var exposureText: String? {
        guard let seconds = exposureTime?.value, seconds > 0, seconds.isFinite else { return nil }
        if seconds < 1, (1 / seconds).rounded() >= 2 {
            return "1/\(Int((1 / seconds).rounded())) s"
        }
        return Self.decimal(seconds).map { $0 + " s" }
    }

    /// "f/2.8", "f/8".
    public var apertureText: String? {
        fNumber.flatMap(Self.decimal).map { "f/" + $0 }
    }

    /// The lens as its maker names it: the model, with the make in front only when the model does
    /// not already start with it (as `cameraText`); nil when unknown or when it only repeats the camera.
    public var lensText: String? {
        guard let text = PhotoFacts(make: lensMake, model: lensModel).cameraText, lensModel.flatMap(Self.clean) != nil,
              text != cameraText else { return nil }
        return text
    }

    /// "+0.7 EV", "−1 EV" (a minus sign, not a hyphen); nil when unknown or zero.
    public var exposureBiasText: String? {
        guard let bias = exposureBias, bias.isFinite, abs(bias) >= 0.05, abs(bias) < 100,
              let magnitude = Self.decimal(abs(bias)) else { return nil }
        return (bias < 0 ? "\u{2212}" : "+") + magnitude + " EV"
    }

    /// "82 mm": the 35 mm equivalent, when known and not the same as the focal length itself.
    public var focalLength35mmText: String? {
        guard let equivalent = focalLength35mm, equivalent > 0, equivalent < 100_000,
              focalLength.flatMap(Self.decimal) != String(equivalent) else { return nil }
        return "\(equivalent) mm"
    }

    /// "UTC+02:00", "UTC−05:00", "UTC": `offsetTimeOriginal` when it is a real offset; nil otherwise.
    public var zoneText: String? {
        guard let raw = offsetTimeOriginal.flatMap(Self.clean), raw.count == 6, let sign = raw.first, sign == "+" || sign == "-",
              raw.dropFirst().enumerated().allSatisfy({ $0.offset == 2 ? $0.element == ":" : $0.element.isASCII && $0.element.isNumber }),
              let hours = Int(raw.dropFirst().prefix(2)), let minutes = Int(raw.suffix(2)), hours <= 18, minutes < 60 else { return nil }
        if hours == 0, minutes == 0 { return "UTC" }
        return "UTC" + (sign == "-" ? "\u{2212}" : "+") + raw.dropFirst()
    }

    /// "ISO 100".
    public var isoText: String? {
        guard let iso, iso > 0 else { return nil }
        return "ISO \(iso)"
    }

    /// "35 mm", "4.2 mm".
    public var focalLengthText: String? {
        focalLength.flatMap(Self.decimal).map { $0 + " mm" }
    }

    /// Camera and settings, the known parts joined: "Canon EOS 5D · 105 mm · ƒ/5 · 1/160 s · ISO 160".
    /// The date is not included (see `takenAtText`); nil when no part is known.
    public var summary: String? {
        let parts = [cameraText, focalLengthText, apertureText, exposureText, isoText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    // MARK: - Helpers

    /// Up to the first NUL, control characters removed, whitespace trimmed and collapsed; nil if empty.
    static func clean(_ text: String) -> String? {
        let beforeNUL = text.unicodeScalars.prefix { $0 != "\0" }
        let words = String(String.UnicodeScalarView(beforeNUL))
            .split { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Uppercased alphanumeric runs: "SAMSUNG-SM-N900A" → ["SAMSUNG", "SM", "N900A"].
    static func tokens(_ text: String) -> [String] {
        text.uppercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    static func letters(_ word: Substring) -> String { tokens(String(word)).joined() }

    static let corporateWords: Set<String> = [
        "CORPORATION", "CORP", "COMPANY", "CO", "LTD", "COLTD", "LIMITED", "INC", "INCORPORATED",
        "GMBH", "AG", "LLC", "PLC", "IMAGING",
    ]

    /// The make's words without trailing corporate words: "OLYMPUS IMAGING CORP." → ["OLYMPUS"].
    static func brandWords(_ make: String) -> [Substring] {
        var words = make.split(separator: " ")
        while words.count > 1, let last = words.last, corporateWords.contains(letters(last)) {
            words.removeLast()
        }
        if let last = words.last, last.hasSuffix(",") { words[words.count - 1] = last.dropLast() }
        return words
    }

    /// One decimal at most, no trailing ".0": 2.8 → "2.8", 5.0 → "5", 4.13 → "4.1"; nil unless positive.
    static func decimal(_ value: Double) -> String? {
        guard value.isFinite, value > 0, value < 1e12 else { return nil }
        let tenths = Int((value * 10).rounded())
        guard tenths > 0 else { return nil }
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// "YYYY:MM:DD HH:MM[:SS]" (also with "-" in the date or "T" between) → "YYYY-MM-DD HH:MM".
    static func dateText(_ raw: String) -> String? {
        guard let text = clean(raw) else { return nil }
        let characters = Array(text)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            let digits = characters[range]
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(digits))
        }
        func separator(_ index: Int, _ allowed: Set<Character>) -> Bool {
            index < characters.count && allowed.contains(characters[index])
        }
        guard let year = number(0..<4), separator(4, [":", "-"]), let month = number(5..<7), separator(7, [":", "-"]),
              let day = number(8..<10), year > 0, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let date = String(characters[0..<4]) + "-" + String(characters[5..<7]) + "-" + String(characters[8..<10])
        guard separator(10, [" ", "T"]), let hour = number(11..<13), separator(13, [":"]), let minute = number(14..<16),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return date }
        return date + " " + String(characters[11..<13]) + ":" + String(characters[14..<16])
    }
}
