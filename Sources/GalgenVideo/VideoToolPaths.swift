import Foundation
import GalgenCore

/// Where ffmpeg and ffprobe are: the first executable of each name in the folders of a search
/// path (`$PATH` unless given), both or neither.
struct VideoToolPaths: Equatable, Sendable {
    var ffmpeg: String
    var ffprobe: String

    /// Nil when either program is missing (then every video fails with `VideoToolError.notInstalled`).
    static func find(searchPath: String? = nil) -> VideoToolPaths? {
        let folders = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init).filter { !$0.isEmpty }
        guard let ffmpeg = executable("ffmpeg", in: folders), let ffprobe = executable("ffprobe", in: folders) else { return nil }
        return VideoToolPaths(ffmpeg: ffmpeg, ffprobe: ffprobe)
    }

    static func executable(_ name: String, in folders: [String]) -> String? {
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
               access(path, X_OK) == 0 {
                return path
            }
        }
        return nil
    }
}
