import GalgenCore

/// The stages of a build, in order, as the terminal shows them (`[3/6] Downloading`).
public enum BuildStage: Int, CaseIterable, Sendable {
    case configuration = 1
    case planning
    case downloading
    case renderingImages
    case renderingPages
    case writing

    public var name: String {
        switch self {
        case .configuration: "Reading configuration"
        case .planning: "Planning"
        case .downloading: "Downloading"
        case .renderingImages: "Rendering images"
        case .renderingPages: "Rendering pages"
        case .writing: "Writing site"
        }
    }

    /// The event that announces this stage.
    public var event: BuildEvent {
        .stage(number: rawValue, of: Self.allCases.count, name: name)
    }
}
