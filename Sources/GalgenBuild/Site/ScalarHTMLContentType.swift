import GalgenCore
import Mustache

/// The content type every template is compiled with (see `CompiledTemplate`): `{{name}}` escaped per scalar.
struct ScalarHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkupText.html(text) }
}
