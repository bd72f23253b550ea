import Foundation
import Testing

/// A tiny tmpfs, mounted for one test (root only), for what a full or read-only disk does.
public enum SmallDisk {
    /// Runs `body` with the path of a fresh tmpfs of `size` (mount's syntax: `64k`, `1m`),
    /// unmounted afterwards.
    public static func with(size: String, _ body: (String) async throws -> Void) async throws {
        let mountPoint = try TemporaryFolder()
        try #require(try system("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path]) == 0,
                     "cannot mount a tmpfs here")
        defer { _ = try? system("/bin/umount", [mountPoint.path]) }
        try await body(mountPoint.path)
    }

    /// Makes the disk at `path` read-only (`false`) or writable again (`true`).
    public static func remount(_ path: String, writable: Bool) throws -> Int32 {
        try system("/bin/mount", ["-o", writable ? "remount,rw" : "remount,ro", path])
    }

    /// Runs a system tool and returns its exit status.
    static func system(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
