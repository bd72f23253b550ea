/// What a file in a photo folder is, from its name: the folder walk never opens a file to decide.
public enum PhotoFileKind: Equatable, Sendable {
    /// A photo galgen renders: JPEG, HEIC/HEIF, AVIF, WebP or PNG.
    case photo
    /// An image galgen cannot read yet, named by its format (`GIF`).
    case unsupported(String)
    case other

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "webp", "png"]
    static let unsupportedFormats: [String: String] = [
        "gif": "GIF",
        "tif": "TIFF", "tiff": "TIFF", "bmp": "BMP", "jxl": "JPEG XL", "dng": "raw", "cr2": "raw", "cr3": "raw",
        "nef": "raw", "arw": "raw", "orf": "raw", "rw2": "raw", "raf": "raw", "srw": "raw", "pef": "raw",
    ]

    public init(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            self = .other
            return
        }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        if Self.photoExtensions.contains(ext) {
            self = .photo
        } else if let format = Self.unsupportedFormats[ext] {
            self = .unsupported(format)
        } else {
            self = .other
        }
    }
}
