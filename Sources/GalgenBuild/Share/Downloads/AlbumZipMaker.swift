import GalgenCore

/// The effect that turns an `AlbumZip` into a file: the live one (GalgenIO's `AlbumZipStore`)
/// writes it into the cache by streaming its entries, or finds it there under its key.
public struct AlbumZipMaker: Sendable {
    /// The zip's file, to link or copy into the site at `zip.path`.
    public var make: @Sendable (_ zip: AlbumZip) throws -> OutputFile
    /// The site is written: the kept zips not among these keys are removed.
    public var finish: @Sendable (_ used: Set<String>) throws -> Void

    public init(make: @escaping @Sendable (AlbumZip) throws -> OutputFile, finish: @escaping @Sendable (Set<String>) throws -> Void) {
        self.make = make
        self.finish = finish
    }

    /// No zips can be made (builds without a cache): no album gets a "Download all" link.
    public static let none = AlbumZipMaker(make: { _ in throw Unavailable() }, finish: { _ in })

    struct Unavailable: Error {}
}

extension BuildPipeline {
    /// Every album's zip (`downloads: zip`) made, or found in the cache: its plan and its file.
    /// A zip that cannot be made stops the build (nothing of the site is written).
    func makeZips(_ gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: KeyedImage],
                  originals: Originals.Published) throws(BuildError) -> [(zip: AlbumZip, file: OutputFile)] {
        let files = Dictionary(originals.files.map { ($0.path, $0) }) { first, _ in first }
        let zips = AlbumDownloadPlan.zips(gallery: gallery, plan: plan, rendered: { rendered[$0]?.image },
                                          originals: originals.paths, originalFiles: files)
        var made: [(zip: AlbumZip, file: OutputFile)] = []
        for zip in zips {
            do {
                made.append((zip, try albumZips.make(zip)))
            } catch is AlbumZipMaker.Unavailable {
                return []
            } catch {
                throw .write(reason: "the zip of album \(zip.album.isEmpty ? gallery.title : zip.album) (\(zip.path)): \(error)")
            }
        }
        return made
    }
}
