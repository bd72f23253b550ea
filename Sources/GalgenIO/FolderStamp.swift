import Foundation

extension FileStamp {
    /// The stamp of a photo folder (an input ending in `/`): which names it holds, not when it
    /// was last touched. It changes when a file is added, removed or renamed in the folder, and
    /// not when galgen swaps in a new site or cache beside the photos (hidden names, and names
    /// that stay the same, do not count), so a gallery whose photos sit next to gallery.yml is
    /// not rebuilt by its own output. `size` is the number of names, `modified` a hash of them.
    public static func listing(of folder: String) -> FileStamp? {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
              let names = DirectoryNames.read(folder)?.filter({ $0.first != UInt8(ascii: ".") }) else { return nil }
        // FNV-1a over the sorted names, each ended by a zero byte: the same set, the same hash.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            for byte in name + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return FileStamp(size: Int64(names.count), modified: Int64(bitPattern: hash), changed: 0,
                         inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    /// The stamp of an input as galgen compares it: a folder's listing for a path ending in `/`,
    /// the file's own stamp otherwise.
    public static func ofInput(_ path: String) -> FileStamp? {
        path.hasSuffix("/") ? listing(of: path) : of(path)
    }
}
