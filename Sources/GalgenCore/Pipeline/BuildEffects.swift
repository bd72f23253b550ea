/// Everything the pipeline does to the world, passed in from the edge.
///
/// The live versions are in GalgenIO; tests pass in-memory ones.
public struct BuildEffects: Sendable {
    /// Reads a whole file (gallery.yml or a local image) by absolute path.
    public var readFile: @Sendable (_ path: String) throws -> [UInt8]
    /// Loads the template folder named in gallery.yml (resolved), or the built-in one for nil.
    public var loadTemplate: @Sendable (_ folder: String?) throws -> SiteTemplate
    /// Replaces the site with these files.
    public var writeSite: @Sendable (_ files: [OutputFile]) throws -> Void
    /// Progress and messages for the terminal.
    public var report: @Sendable (_ event: BuildEvent) -> Void

    public init(
        readFile: @escaping @Sendable (String) throws -> [UInt8],
        loadTemplate: @escaping @Sendable (String?) throws -> SiteTemplate,
        writeSite: @escaping @Sendable ([OutputFile]) throws -> Void,
        report: @escaping @Sendable (BuildEvent) -> Void
    ) {
        self.readFile = readFile
        self.loadTemplate = loadTemplate
        self.writeSite = writeSite
        self.report = report
    }
}

/// What the pipeline tells the terminal as it goes.
public enum BuildEvent: Equatable, Sendable {
    case stage(number: Int, of: Int, name: String)
    case imageBuilt(source: String, done: Int, total: Int)
    case imageFailed(ImageFailure, done: Int, total: Int)
    case imageWarning(source: String, message: String)
}

/// An image that could not be built, and why.
public struct ImageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var source: String
    public var location: SourceLocation
    public var reason: String

    public init(source: String, location: SourceLocation, reason: String) {
        self.source = source
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(source) (\(location)): \(reason)" }
}
