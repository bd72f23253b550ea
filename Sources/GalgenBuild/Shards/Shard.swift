import GalgenCore

/// One part of a build split across machines (`galgen build --shard K/N`): shard `index` of
/// `count`, counted from 1. Its records live in the cache's `shards/<index>-of-<count>/`.
public struct Shard: Hashable, Codable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// At most this many shards: more machines than that would each get a handful of photos.
    public static let maxCount = 256

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N` as the command line writes it, or why it is not one.
    public static func parse(_ text: String) -> Result<Shard, Problem> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            return .failure(Problem("'\(text)' is not K/N (write --shard 2/4 for the second of four shards)"))
        }
        guard (1...maxCount).contains(count) else {
            return .failure(Problem("--shard \(text): N must be from 1 to \(maxCount)"))
        }
        guard (1...count).contains(index) else {
            return .failure(Problem("--shard \(text): K must be from 1 to \(count) (shards are counted from 1)"))
        }
        return .success(Shard(index: index, count: count))
    }

    /// The folder of its records in the cache's `shards/`: `2-of-4`.
    public var folderName: String { "\(index)-of-\(count)" }

    /// `2-of-4` back to the shard, or nil for any other name.
    public init?(folderName: String) {
        let parts = folderName.split(separator: "-")
        guard parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2]),
              (1...Self.maxCount).contains(count), (1...count).contains(index),
              folderName == "\(index)-of-\(count)" else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
