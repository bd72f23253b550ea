import GalgenCore

/// The first stage's result: gallery.yml parsed and validated, and the site template read and
/// compiled, before any photo is touched (a broken template fails in milliseconds).
public struct LoadedGallery: Sendable {
    public var gallery: Gallery
    public var template: CompiledTemplate
    /// The local files and folders this read, for `galgen serve` to watch.
    public var inputs: [String]
}
