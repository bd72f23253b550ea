import Foundation

/// The fixture photos the tests read: `Tests/Fixtures/` in this repository (photos, orientation,
/// odd, formats, formats/odd), made from the shared corpus by `Tests/Fixtures/make-fixtures.py`
/// and described file by file in `Tests/Fixtures/SOURCES.md`. Every clone has them.
public enum Fixtures {
    /// `Tests/Fixtures`, found from this source file.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
    }

    /// The files of a fixture folder, sorted (folders and `.md` files left out).
    public static func names(in folder: String) -> [String] {
        let path = root + "/" + folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasSuffix(".md") && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// The one full-size camera photo (14 MP): for builds that must take a while to be interrupted
    /// or edited part-way. The other `photos/` are lossless crops, a sixteenth of their pixels.
    public static let fullSizePhoto = "photos/dn_nikon_d3100.jpg"

    /// `fullSizePhoto` with a JPEG comment (`COM`) saying `number` after its SOI: the same
    /// pixels, other bytes, so each copy is an item of its own with work of its own (galgen
    /// keeps renditions by the source's bytes, and would make identical copies once).
    public static func fullSizePhoto(copy number: Int) throws -> [UInt8] {
        let photo = try bytes(fullSizePhoto)
        let text = Array("galgen test copy \(number)".utf8)
        let comment: [UInt8] = [0xFF, 0xFE, UInt8((text.count + 2) >> 8), UInt8((text.count + 2) & 0xFF)] + text
        return Array(photo.prefix(2)) + comment + photo.dropFirst(2)
    }

    /// Writes `count` distinct copies of `fullSizePhoto` into `folder` as `<prefix>1.jpg`…; their names.
    @discardableResult
    public static func writeFullSizePhotos(_ count: Int, to folder: String, prefix: String = "big") throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try (1...count).map { number in
            let name = "\(prefix)\(number).jpg"
            try Data(fullSizePhoto(copy: number)).write(to: URL(fileURLWithPath: folder + "/" + name))
            return name
        }
    }
}
