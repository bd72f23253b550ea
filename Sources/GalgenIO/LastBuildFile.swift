import Foundation
import GalgenBuild
import GalgenCore

/// The cache's `last-build` (`CacheFolder.Layout.lastBuild`): the last complete build (`LastBuild`) with the stamp of every input it
/// read, so the next build can tell in one `stat` per file that nothing changed:
///
///     galgen last build 1
///     key <sha256>
///     images <n> pages <n>
///     warning image <source> <message>          (tab-separated, escaped)
///     warning template <file> <reason>
///     <size> <modified> <inode> <device> <path> (one per input but gallery.yml, as in StampFile)
///     end <number of stamp lines>               (a record cut short is never reused)
///
/// What each input's stamps cover is `InputStamps`' rule, the serve watcher's too (a template
/// folder: its listing and each of its own files; a photo folder: its listing). gallery.yml
/// itself is checked by its bytes (in the key), not its stamp, so saving it unchanged costs nothing.
public struct LastBuildFile: Sendable {
    public let path: String
    /// The cache folder holding it, which the build itself touches.
    let cache: String
    /// The site the build wrote, whose own stamps must be intact too.
    let site: SiteWriter
    let temporaries: TemporaryFiles

    /// The record in the cache laid out as `layout`; `CacheFolder` opens it.
    public init(layout: CacheFolder.Layout, site: SiteWriter, temporaries: TemporaryFiles = TemporaryFiles()) {
        self.path = layout.lastBuild
        self.cache = layout.root
        self.site = site
        self.temporaries = temporaries
    }

    static let header = "galgen last build 1"

    /// The last build when it has this key (gallery.yml `config` read with the same bytes),
    /// every other input it read has the stamp it had then, and the site holds exactly what it
    /// wrote; nil otherwise.
    public func unchanged(key: String, config: String) -> LastBuild? {
        guard let data = FileManager.default.contents(atPath: path),
              case let (found, stamps)? = Self.parse(Array(data)), found.key == key,
              // Inputs first: a changed photo ends the check before the site's files are looked at.
              stamps.allSatisfy({ path, stamp in stamp.isCurrent(at: path) }), site.isIntact()
        else { return nil }
        var last = found
        last.inputs.insert(config, at: 0)
        return last
    }

    /// File times come from a coarse clock (one kernel tick, a few milliseconds, behind the real
    /// time): a file written just after a build began may be stamped just before it.
    static let clockSlack: Int64 = 50_000_000

    /// Keeps `last`, with the stamps its inputs have now; nothing (and no earlier record) when
    /// an input was modified at or after `readSince` (less the clock's slack), as the build may
    /// have read it half-way.
    public func record(_ last: LastBuild?, config: String, readSince: Int64) {
        forget()
        guard let last else { return }
        let readSince = readSince - Self.clockSlack
        var lines = [Self.header, "key \(last.key)", "images \(last.images) pages \(last.pages)"]
        for warning in last.warnings {
            switch warning {
            case let .image(source, message): lines.append(Self.fields(["warning", "image", source, message]))
            case let .templateFile(file, reason): lines.append(Self.fields(["warning", "template", file, reason]))
            case let .folder(entry, summary): lines.append(Self.fields(["warning", "folder", entry, summary]))
            }
        }
        var text = lines.joined(separator: "\n") + "\n"
        var count = 0
        for input in last.inputs where input != config {
            for (path, stamp) in InputStamps.of(input) {
                guard let stamp, isSettled(path, stamp, readSince: readSince) else { return }
                text += StampFile.line(path, stamp)
                count += 1
            }
        }
        text += "end \(count)\n"
        try? temporaries.writeAtomically(Array(text.utf8), to: path, durable: false)
    }

    /// Whether an input was last changed before the build began reading (`readSince`), so the
    /// build read it whole. A photo folder's listing stamp has no time: the folder's own
    /// modification time stands for it, except for a folder holding the site or the cache,
    /// which the build itself touches (there, a file added in the same instant as the build's
    /// listing could go unnoticed until the folder changes again).
    func isSettled(_ path: String, _ stamp: FileStamp, readSince: Int64) -> Bool {
        guard path.hasSuffix("/") else { return stamp.modified < readSince && stamp.changed < readSince }
        let folder = String(path.dropLast())
        let ours = [site.output, cache].map { ($0 as NSString).deletingLastPathComponent }
        if ours.contains(folder) { return true }
        guard let own = FileStamp.of(path) else { return false }
        return own.modified < readSince && own.changed < readSince
    }

    /// Removes the record, before a build that may change what it describes.
    public func forget() {
        unlink(path)
    }

    // MARK: The file

    static func parse(_ bytes: [UInt8]) -> (LastBuild, [(path: String, stamp: FileStamp)])? {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        guard lines.popFirst().map({ String(decoding: $0, as: UTF8.self) }) == header,
              let keyLine = lines.popFirst().map({ String(decoding: $0, as: UTF8.self) }), keyLine.hasPrefix("key "),
              let counts = lines.popFirst().map({ String(decoding: $0, as: UTF8.self).split(separator: " ") }),
              counts.count == 4, counts[0] == "images", counts[2] == "pages",
              let images = Int(counts[1]), let pages = Int(counts[3])
        else { return nil }
        var last = LastBuild(key: String(keyLine.dropFirst(4)), images: images, pages: pages, inputs: [], warnings: [])
        var stamps: [(path: String, stamp: FileStamp)] = []
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        guard let end = lines.popLast().map({ String(decoding: $0, as: UTF8.self) }), end.hasPrefix("end ") else { return nil }
        for line in lines {
            if line.starts(with: Array("warning\t".utf8)) {
                let parts = fields(String(decoding: line, as: UTF8.self))
                guard parts.count == 4 else { return nil }
                switch parts[1] {
                case "image": last.warnings.append(.image(source: parts[2], message: parts[3]))
                case "template": last.warnings.append(.templateFile(file: parts[2], reason: parts[3]))
                case "folder": last.warnings.append(.folder(entry: parts[2], summary: parts[3]))
                default: return nil
                }
                continue
            }
            guard let (path, stamp) = StampFile.parse(line) else { return nil }
            last.inputs.append(path)
            stamps.append((path, stamp))
        }
        guard end == "end \(stamps.count)" else { return nil }
        return (last, stamps)
    }

    /// Tab-separated fields with `\`, tab and newline escaped.
    static func fields(_ values: [String]) -> String {
        values.map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n")
        }.joined(separator: "\t")
    }

    static func fields(_ line: String) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map { field in
            var text = ""
            var escaped = false
            for character in field {
                if escaped {
                    text.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    text.append(character)
                }
            }
            return text
        }
    }
}
