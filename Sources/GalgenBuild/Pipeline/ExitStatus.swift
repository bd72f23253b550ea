import GalgenCore

/// Every exit status galgen uses: the command-line contract in one place.
public enum ExitStatus: Equatable, Sendable {
    /// Everything was built (or, for serve, a clean stop).
    case success
    /// The site was written but some images failed; each is named in the summary.
    case imagesFailed
    /// gallery.yml (or the template it names) is missing or invalid.
    case invalidConfiguration
    /// The site or a file galgen was asked to create could not be written.
    case cannotWrite
    /// Another build holds the cache, and --no-wait said not to wait.
    case busy
    /// `galgen serve` cannot listen on its address.
    case cannotListen
    /// A merge of shards' caches lacks items a shard was to render (without --allow-missing).
    case shardsMissing
    /// Stopped by this signal (Ctrl-C is SIGINT): 128 + its number, as shells report it.
    case interrupted(signal: Int32)

    public var code: Int32 {
        switch self {
        case .success: 0
        case .imagesFailed: 1
        case .invalidConfiguration: 2
        case .cannotWrite: 3
        case .busy: 4
        case .cannotListen: 5
        case .shardsMissing: 6
        case let .interrupted(signal): 128 + signal
        }
    }

    /// The sentence `galgen --help` shows.
    public static let summary = """
        Exit status: 0 everything built; 1 the site was written but some images failed; \
        2 the configuration is invalid; 3 the site could not be written; 4 another build holds the cache \
        (with --no-wait); 5 serve cannot listen on its address; 6 a merge of shards lacks items a shard \
        was to render (nothing written; --allow-missing writes the site without them).
        """
}
