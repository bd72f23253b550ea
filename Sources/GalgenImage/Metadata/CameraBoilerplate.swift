/// Words that cameras, phones and their software write into every photo, which say nothing about
/// the picture: never shown as a title, caption or alt text.
///
/// The one place that knows them. A text is boilerplate when, lowercased with runs of spaces and
/// underscores made one space and punctuation trimmed from its ends, it
/// - has no letter, digit or symbol beyond ASCII punctuation (`...`, `--`, U+FFFD);
/// - is one of `phrases` ("default", "untitled", "photo"…);
/// - is a brand from `brands`, optionally followed by "digital still camera", "digital camera",
///   "camera", "digital" or "dsc", or one of those alone ("OLYMPUS DIGITAL CAMERA",
///   "KODAK Digital Still Camera", "SONY DSC", "DIGITAL CAMERA", "LEICA");
/// - starts with "samsung galaxy" and is at most five words, or with "exif jpeg" ("Exif_JPEG_PICTURE");
/// - is a camera's file name ("IMG_1234", "DSC01234", "PXL_20230101_123456789.jpg");
/// - equals the photo's own EXIF make, model, or make and model.
enum CameraBoilerplate {
    static let phrases: Set<String> = [
        "default", "untitled", "untitled image", "untitled photo", "no title", "no caption", "no description",
        "none", "null", "n/a", "title", "caption", "description", "image description", "photo", "photograph",
        "picture", "image", "img", "jpeg", "jpg", "dcim", "exif", "digital image", "digital photo",
        "my camera", "camera phone", "smartphone", "mobile phone",
    ]

    /// Camera and phone makers as they write themselves into ImageDescription.
    static let brands: Set<String> = [
        "olympus", "olympus imaging corp", "olympus optical co ltd", "kodak", "eastman kodak", "eastman kodak company",
        "minolta", "konica", "konica minolta", "sony", "nikon", "canon", "fujifilm", "fuji", "samsung",
        "samsung techwin", "panasonic", "pentax", "ricoh", "leica", "casio", "sanyo", "sigma", "hasselblad", "hp",
        "hewlett packard", "vivitar", "polaroid", "agfa", "agfaphoto", "toshiba", "benq", "aiptek", "jenoptik",
        "medion", "praktica", "rollei", "nokia", "huawei", "xiaomi", "oppo", "motorola", "lg", "lg electronics",
        "htc", "oneplus", "gopro", "dji", "epson", "mustek", "zte", "meizu", "realme", "asus", "lenovo",
    ]

    /// What follows a brand in the usual boilerplate, longest first.
    static let cameraWords = ["digital still camera", "digital camera", "camera", "digital", "dsc"]

    /// The letters a camera's file name starts with, before its number.
    static let fileNamePrefixes: Set<String> = [
        "img", "dsc", "dscn", "dscf", "dsci", "pict", "p", "imgp", "sam", "gopr", "dji", "mvc", "cimg", "hpim",
        "dcp", "pic", "pxl", "mvimg", "wp", "photo", "image",
    ]

    static func isBoilerplate(_ text: String, make: String? = nil, model: String? = nil) -> Bool {
        let words = normalized(text)
        if words.isEmpty || phrases.contains(words) || isBrandAndCameraWords(words) || isCameraFileName(words) {
            return true
        }
        if words.hasPrefix("exif jpeg") { return true }
        if words.hasPrefix("samsung galaxy"), words.split(separator: " ").count <= 5 { return true }
        let own = [make, model, make.flatMap { make in model.map { make + " " + $0 } }].compactMap { $0.map(normalized) }
        return own.contains { !$0.isEmpty && $0 == words }
    }

    /// Lowercased, spaces and underscores collapsed to one space, punctuation trimmed from the ends;
    /// empty when nothing but punctuation is left.
    static func normalized(_ text: String) -> String {
        let collapsed = text.lowercased().split { $0.isWhitespace || $0 == "_" }.joined(separator: " ")
        let isFiller = { (character: Character) in
            character.unicodeScalars.allSatisfy { scalar in
                scalar == "\u{FFFD}" || (scalar.isASCII && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar))
                    || [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                        .initialPunctuation, .finalPunctuation, .otherPunctuation].contains(scalar.properties.generalCategory)
            }
        }
        guard collapsed.contains(where: { !isFiller($0) }) else { return "" }
        let trimmed = collapsed.drop(while: isFiller).reversed().drop(while: isFiller).reversed()
        return String(trimmed).trimmingSpaces
    }

    private static func isBrandAndCameraWords(_ words: String) -> Bool {
        for suffix in cameraWords + [""] where words == suffix || words.hasSuffix(" " + suffix) || suffix.isEmpty {
            let rest = String(words.dropLast(suffix.count)).trimmingSpaces
            if rest.isEmpty || brands.contains(rest) { return true }
        }
        return false
    }

    /// `img 1234`, `dsc01234`, `p1010001`, `pxl 20230101 123456789.jpg`: letters, then digits
    /// (spaces and dashes between), then perhaps an extension.
    private static func isCameraFileName(_ words: String) -> Bool {
        var name = Substring(words)
        for extensionName in [".jpg", ".jpeg", ".heic"] where name.hasSuffix(extensionName) {
            name = name.dropLast(extensionName.count)
        }
        let letters = name.prefix { $0.isASCII && $0.isLetter }
        let rest = name.dropFirst(letters.count)
        return fileNamePrefixes.contains(String(letters)) && rest.contains(where: \.isNumber)
            && rest.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == " " || $0 == "-" }
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
