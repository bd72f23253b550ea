import Foundation

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
public enum OpenFileLimit {
    /// More than `galgen serve` can use (512 connections and a build); a larger limit buys nothing.
    public static let enough = 65_536

    /// Raises the soft limit to the hard limit (at most `enough`, and on macOS at most `OPEN_MAX`,
    /// which `setrlimit` requires) and returns the soft limit now in force. Shells often start
    /// programs with a soft limit of 256 or 1024 under a much higher hard one; a server that keeps
    /// it can run out of descriptors with a few hundred connections open. Never lowers it.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        // The usual soft limit on macOS, should this ever fail.
        guard getrlimit(resource, &limit) == 0 else { return 256 }
        var ceiling = min(limit.rlim_max, rlim_t(enough))
        #if canImport(Darwin)
        ceiling = min(ceiling, rlim_t(OPEN_MAX))
        #endif
        if limit.rlim_cur < ceiling {
            var raised = limit
            raised.rlim_cur = ceiling
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
