import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// Only regular files are read, and never more than their cap: a FIFO, a device or a kernel
/// file gets a clear error at once, never a hang or a memory blow-up.
struct FileSystemReadTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The error `FileSystem.read` throws, as text; fails the test if it has not answered within
    /// five seconds (a FIFO's writer is then opened, so a blocked read can end).
    func readError(_ path: String, limit: ReadLimit = .photo, sameFileAs stamp: FileStamp? = nil) -> String? {
        final class Outcome: @unchecked Sendable { var message: String? }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                _ = try FileSystem.read(path, limit: limit, sameFileAs: stamp)
            } catch {
                outcome.message = "\(error)"
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
            Issue.record("reading \(path) did not finish within 5 seconds")
            return nil
        }
        return outcome.message
    }

    @Test func aRegularFileIsReadWhole() throws {
        try folder.write("photo.jpg", "the bytes")
        #expect(try FileSystem.read(folder.path + "/photo.jpg", limit: .photo) == Array("the bytes".utf8))
        try folder.write("empty.jpg", "")
        #expect(try FileSystem.read(folder.path + "/empty.jpg", limit: .photo) == [])
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
        let pipe = folder.path + "/pipe.jpg"
        #expect(mkfifo(pipe, 0o600) == 0)
        let message = try #require(readError(pipe))
        #expect(message.contains("not a regular file but a FIFO (named pipe); galgen reads photos only from regular files"), "\(message)")
        #expect(message.contains(pipe))
    }

    @Test("A device is refused", arguments: ["/dev/zero", "/dev/urandom", "/dev/null"])
    func aDeviceIsRefused(_ device: String) throws {
        let message = try #require(readError(device, limit: .configuration))
        #expect(message.contains("not a regular file but a character device; galgen reads gallery.yml only from regular files"), "\(message)")
    }

    @Test func aFolderIsRefused() throws {
        let message = try #require(readError(folder.path, limit: .templateFile))
        #expect(message.contains("not a regular file but a folder; galgen reads template files only from regular files"), "\(message)")
    }

    @Test func aFileOverItsCapIsRefused() throws {
        try folder.write("big.jpg", String(repeating: "x", count: 100))
        let message = try #require(readError(folder.path + "/big.jpg", limit: ReadLimit(bytes: 99, what: "photos")))
        #expect(message.contains("too large (100 bytes); galgen reads photos of at most 99 bytes"), "\(message)")
        #expect(try FileSystem.read(folder.path + "/big.jpg", limit: ReadLimit(bytes: 100, what: "photos")).count == 100)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/environ")))
    func aKernelFileThatClaimsNoSizeIsRefused() throws {
        var info = stat()
        #expect(stat("/proc/self/environ", &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size == 0)
        let message = try #require(readError("/proc/self/environ"))
        #expect(message.contains("its size is 0 but it has contents: a kernel file (/proc, /sys), not a file on disk"), "\(message)")
        // However much such a file holds, no more than the cap and one byte are read.
        let capped = try #require(readError("/proc/self/maps", limit: ReadLimit(bytes: 16, what: "photos")))
        #expect(capped.contains("too large (over 16 bytes)"), "\(capped)")
    }

    @Test func aFileReplacedSinceItWasLookedAtIsRefused() throws {
        try folder.write("a.css", "a")
        try folder.write("b.css", "b")
        let looked = try #require(FileStamp.of(folder.path + "/a.css"))
        #expect(try FileSystem.read(folder.path + "/a.css", limit: .templateFile, sameFileAs: looked) == Array("a".utf8))
        let message = try #require(readError(folder.path + "/b.css", limit: .templateFile, sameFileAs: looked))
        #expect(message.contains("it was replaced while galgen read it"), "\(message)")
    }

    @Test func aMissingFileIsNamed() throws {
        let message = try #require(readError(folder.path + "/missing.jpg"))
        #expect(message == "no such file (\(folder.path)/missing.jpg)")
    }
}
