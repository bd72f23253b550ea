import Foundation
import Testing

/// The shared fixture photos, beside the repository as `../shared/fixtures`.
public enum Fixtures {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures").path

    /// Whether the fixtures are there; when they are not, says so once, on standard output.
    public static let available: Bool = {
        let found = FileManager.default.fileExists(atPath: root + "/odd")
        if !found { print("warning: \(missing)" + (requiredHere ? " This is an error on CI." : "")) }
        return found
    }()

    /// CI (`CI=true`) always has the fixtures: missing there, they are an error, not a reason to skip.
    public static var requiredHere: Bool {
        ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// Why a suite that needs the fixtures was skipped.
    public static var missing: String {
        "the fixture photos are not at \(root) (a checkout of the shared folder beside the repository); tests that need them are skipped."
    }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
    }

    public static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted()
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when the fixture photos are there; a skip says why.
    public static var needsFixtures: Self {
        .enabled(if: Fixtures.available, Comment(rawValue: Fixtures.missing))
    }
}
