import Yams

extension Sidecar {
    /// A YAML sidecar's words, read with gallery.yml's parser's protections and messages.
    static func words(fromYAML text: String) -> Result<SidecarWords, SidecarProblem> {
        var reader = ConfigReader(file: "sidecar", directory: "/", home: nil)
        let root: Node?
        do {
            if let mark = try AliasBudget.overrun(in: text) {
                let error = ConfigError(.tooManyAliases(limit: AliasBudget.limit), at: reader.location(nil))
                return .failure(SidecarProblem(line: mark.line, message: error.message))
            }
            root = try Yams.compose(yaml: text, .asWritten)
        } catch {
            return .failure(SidecarProblem(reader.syntaxError(error)))
        }
        guard let root, !root.isNull else { return .success(SidecarWords()) }
        guard case .mapping = root else { return .failure(.notAMapping(found: ConfigReader.kind(of: root), line: root.mark?.line)) }
        let fields = reader.mapping(root, context: "this sidecar file", allowed: keys)
        if let first = ConfigErrors.inFileOrder(reader.errors).first { return .failure(SidecarProblem(first)) }
        var words = SidecarWords()
        words.tags = TagList.merged(reader.tagList(fields?["tags"]))
        if let first = reader.errors.first { return .failure(SidecarProblem(first)) }
        for key in keys where key != "tags" {
            guard let field = fields?[key], !field.value.isNull else { continue }
            switch value(field.value, key: key) {
            case let .success(text): words[keyPath: path(key)] = text
            case let .failure(problem): return .failure(problem)
            }
        }
        return .success(words)
    }

    private static func path(_ key: String) -> WritableKeyPath<SidecarWords, String?> {
        switch key {
        case "title": \.title
        case "alt": \.alt
        default: \.caption
        }
    }

    /// One value: text (any scalar, as written), cleaned, without control characters that came
    /// from escapes (tab and line breaks are fine).
    private static func value(_ node: Node, key: String) -> Result<String?, SidecarProblem> {
        guard case let .scalar(scalar) = node else {
            return .failure(.notText(key: key, found: ConfigReader.kind(of: node), line: node.mark?.line))
        }
        let text = cleaned(scalar.string)
        if let control = text?.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            return .failure(.controlCharacter(control, key: key, line: node.mark?.line))
        }
        return .success(text)
    }
}
