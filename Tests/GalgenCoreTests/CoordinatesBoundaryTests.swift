import Foundation
import Testing

/// A photo's GPS position is read for the build (`RenderedImage.coordinates`), never for the
/// site: no code that presents, renders or shares pages may read it.
struct CoordinatesBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func noPresentingRenderingOrSharingCodeReadsThePosition() throws {
        let folders = ["Sources/GalgenBuild/Present", "Sources/GalgenBuild/Site", "Sources/GalgenBuild/Share", "Sources/GalgenSiteTemplate"]
        var read: [String] = []
        var files = 0
        for folder in folders {
            let url = Self.root.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil))
            for case let file as URL in enumerator where ["swift", "mustache", "html"].contains(file.pathExtension) {
                files += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                if text.contains("coordinates") || text.contains("GeoCoordinates") || text.contains("latitude") {
                    read.append(file.path.replacingOccurrences(of: Self.root.path + "/", with: ""))
                }
            }
        }
        #expect(files > 40, "the folders were read")
        #expect(read.isEmpty, "these read a photo's position: \(read)")
    }
}
