/// What a file in a photo folder is, from its name: the folder walk never opens a file to decide.
public enum FileKind: Equatable, Sendable {
    /// An item galgen shows, of the kind its format holds (`MediaKind`).
    case media(MediaKind)
    /// An image galgen cannot read yet, named by its format (`TIFF`).
    case unsupported(String)
    case other

    static let unsupportedFormats: [String: String] = [
        "tif": "TIFF", "tiff": "TIFF", "bmp": "BMP", "jxl": "JPEG XL", "dng": "raw", "cr2": "raw", "cr3": "raw",
        "nef": "raw", "arw": "raw", "orf": "raw", "rw2": "raw", "raf": "raw", "srw": "raw", "pef": "raw",
    ]

    public init(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            self = .other
            return
        }
        if let kind = MediaKind(fileName: fileName) {
            self = .media(kind)
        } else if let format = Self.unsupportedFormats[fileName[fileName.index(after: dot)...].lowercased()] {
            self = .unsupported(format)
        } else {
            self = .other
        }
    }
}
