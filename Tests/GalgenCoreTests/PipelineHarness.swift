import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// What the in-memory effects saw, shared with the pipeline's concurrent tasks.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _written: [OutputFile]?
    private var _events: [BuildEvent] = []
    private var _reads: [String] = []
    private var _templateFolders: [String?] = []
    private var rendering = 0, _maxRendering = 0
    private var _requests: [RenditionRequest] = []

    private func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }

    var written: [String: [UInt8]]? { locked { _written.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.path, $0.inMemory) }) } } }
    /// The files of the site as written, content unread (an original is a file on disk).
    var files: [OutputFile]? { locked { _written } }
    var events: [BuildEvent] { locked { _events } }
    var reads: [String] { locked { _reads } }
    var templateFolders: [String?] { locked { _templateFolders } }
    var maxRendering: Int { locked { _maxRendering } }
    /// What the renderer was asked for, one request per render.
    var requests: [RenditionRequest] { locked { _requests } }

    func write(_ files: [OutputFile]) { locked { _written = files } }
    func report(_ event: BuildEvent) { locked { _events.append(event) } }
    func read(_ path: String) { locked { _reads.append(path) } }
    func loadTemplate(_ folder: String?) { locked { _templateFolders.append(folder) } }
    func startRendering(_ request: RenditionRequest) {
        locked { rendering += 1; _maxRendering = max(_maxRendering, rendering); _requests.append(request) }
    }
    func endRendering() { locked { rendering -= 1 } }
}

struct FakeError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a `BuildPipeline` entirely in memory: files from a dictionary, a fake renderer, a recorder for the rest.
struct PipelineHarness {
    let recorder = Recorder()
    /// Holds renders until enough are in flight, for tests of the pipeline's concurrency.
    var gate: RenderGate?

    /// Image files hold a `FakePhoto`, which says what to make of it.
    static func fakeRenderer(_ recorder: Recorder, gate: RenderGate? = nil, peakBytes: Int = 0) -> ImageRenderer {
        ImageRenderer(render: { bytes, request in
            recorder.startRendering(request)
            defer { recorder.endRendering() }
            gate?.enter()
            defer { gate?.leave() }
            return try FakePhoto(bytes: bytes).rendered(request)
        }, peakBytes: { _, _ in peakBytes })
    }

    /// Where the fake renderer's rendition of `photo` is written: the stem, the width and the
    /// fingerprint of the bytes it makes.
    static func imagePath(_ stem: String, _ width: Int, of photo: FakePhoto, quality: Int = 82) -> String {
        OutputLayout.rendition(stem: stem, width: width, digest: ContentHash.hex(photo.rendition(width: width, quality: quality)))
    }

    /// `photos` are image files (path → what the photo is); `files` any other files, as text.
    func run(_ config: String?, photos: [String: FakePhoto] = [:], files: [String: String] = [:],
             configPath: String = "/site/gallery.yml", jobs: Int = 2,
             template: SiteTemplate = BuiltInTemplate.template,
             writeError: String? = nil,
             pages: PageCache = .none, renditions: RenditionStore = .none,
             peakBytes: Int = 0, memory: MemoryBudget = MemoryBudget(), fileSizes: [String: Int] = [:],
             modified: [String: Int64] = [:], formatsLater: Bool = false, albumZips: AlbumZipMaker = .none,
             shards: ShardRole = .whole,
             fetchRemote: @escaping @Sendable ([String], DownloadSettings) async -> [String: Result<FetchedSource, FetchProblem>]
                = { urls, settings in await BuildEffects.noNetwork(urls, settings) { _, _ in } },
             fetchEach: BuildEffects.FetchRemote? = nil
    ) async -> Result<BuildSummary, BuildError> {
        var disk = files.mapValues { Array($0.utf8) }.merging(photos.mapValues(\.bytes)) { $1 }
        disk[configPath] = config.map { Array($0.utf8) }
        let recorder = recorder
        let effects = BuildEffects(
            readFile: { [disk] path, _ in
                recorder.read(path)
                guard let bytes = disk[path] else { throw FakeError(description: "no such file: \(path)") }
                return bytes
            },
            loadTemplate: { folder in
                recorder.loadTemplate(folder)
                guard folder == nil || folder == "/site/theme" else { throw FakeError(description: "no folder \(folder!)") }
                return LoadedTemplate(folder == nil ? BuiltInTemplate.template : template)
            },
            // A fetch that tells each download as it ends (`fetchEach`), or one that answers all at the end.
            fetchRemote: fetchEach ?? { urls, settings, _ in await fetchRemote(urls, settings) },
            fileSize: { fileSizes[$0] },
            listFolder: { [disk] folder, maxDepth, _ in Self.listing(of: folder, maxDepth: maxDepth, in: disk, modified: modified) },
            pathKind: { [disk] path in
                if disk[path] != nil { return .file(modified: modified[path] ?? 0) }
                return disk.keys.contains { $0.hasPrefix(path + "/") } ? .folder : .other
            },
            renditions: renditions,
            pages: pages,
            writeSite: { files in
                if let writeError { throw FakeError(description: writeError) }
                recorder.write(files)
                return true
            },
            report: { recorder.report($0) })
        var pipeline = BuildPipeline(configPath: configPath, jobs: jobs,
                                     renderer: Self.fakeRenderer(recorder, gate: gate, peakBytes: peakBytes),
                                     effects: effects, generator: "galgen test")
        pipeline.memory = memory
        pipeline.formatsLater = formatsLater
        pipeline.albumZips = albumZips
        pipeline.shards = shards
        do { return .success(try await pipeline.run()) } catch { return .failure(error) }
    }

    /// The in-memory disk's files under `folder`, as the live walker lists them (no hidden files,
    /// no symlinks here).
    static func listing(of folder: String, maxDepth: Int?, in disk: [String: [UInt8]], modified: [String: Int64]) -> FolderListing {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard disk.keys.contains(where: { $0.hasPrefix(prefix) }) else {
            return FolderListing(problem: disk[folder] != nil ? .notAFolder : .missing)
        }
        var listing = FolderListing(folders: [folder])
        for path in disk.keys.sorted() where path.hasPrefix(prefix) {
            let relative = String(path.dropFirst(prefix.count))
            let names = relative.split(separator: "/")
            if let maxDepth, names.count > maxDepth { continue }
            if names.contains(where: { $0.hasPrefix(".") }) {
                listing.hidden += 1
                continue
            }
            listing.files.append(ListedFile(relative, modified: modified[path] ?? 0))
        }
        return listing
    }

    /// The numbers of the stage events, in the order reported.
    var stages: [Int] { recorder.events.compactMap { if case let .stage(n, _, _) = $0 { n } else { nil } } }
}
