import Foundation

/// The names in one folder, as the bytes the file system holds (`.` and `..` left out), in
/// readdir's order; nil when the folder cannot be opened (`errno` says why).
enum DirectoryNames {
    static func read(_ folder: String) -> [[UInt8]]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }
}
