/// An album's `private:`: who may open it. The passwords are never in gallery.yml: it names
/// where each is at build time (an environment variable, as CI secrets are, or a file kept out of
/// git). Any one of them opens the album; removing one withdraws it.
public struct PrivateAccess: Equatable, Sendable {
    public var passwords: [PasswordSource]
    /// `listed: true`: the front page shows the album's title with a lock; by default it is
    /// listed nowhere.
    public var listed = false

    public init(passwords: [PasswordSource], listed: Bool = false) {
        self.passwords = passwords
        self.listed = listed
    }

    /// Where one password is read from.
    public enum PasswordSource: Equatable, Hashable, Sendable, CustomStringConvertible {
        case environment(String)
        /// As written in gallery.yml (relative to its folder, or `~/…`).
        case file(String)

        public var description: String {
            switch self {
            case let .environment(name): "the environment variable \(name)"
            case let .file(path): "the file \(path)"
            }
        }

        /// Its name in the cache's table of salts (`PrivateKeys`): the same source keeps its
        /// salt, so the same password gives the same record on every build.
        public var key: String {
            switch self {
            case let .environment(name): "env:" + name
            case let .file(path): "file:" + path
            }
        }
    }
}
