import Foundation
import Testing
@testable import GalgenCore

/// gallery.schema.json lists exactly the keys `labels:` accepts, so an editor completes them and
/// flags a typo before galgen does.
struct LabelsSchemaTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("gallery.schema.json")

    @Test func theSchemaListsEveryLabelKey() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaPath)) as? [String: Any]
        let properties = try #require(schema?["properties"] as? [String: Any])
        let labels = try #require(properties["labels"] as? [String: Any])
        let names = try #require((labels["propertyNames"] as? [String: Any])?["enum"] as? [String])
        #expect(names == Labels.keys, "Labels.keys: \(Labels.keys)")
    }
}
