import GalgenCore

extension BuildPipeline {
    /// A `language:` galgen has no table for keeps its `lang` and reads in English: one line says
    /// so, and where to write the site's own words.
    func reportLanguage(_ gallery: Gallery, file: String) {
        let labels = gallery.labels
        guard labels.builtIn == nil else { return }
        effects.report(.imageWarning(source: file, message: Labels.noTableMessage(labels.language)))
    }
}

extension Labels {
    /// The line a build prints for a language without a built-in table.
    static func noTableMessage(_ language: String) -> String {
        "galgen has no built-in words for language '\(language)': its pages say <html lang=\"\(language)\">"
            + " but read in English. Write yours under 'labels:' in gallery.yml (the keys are in galgen's docs/gallery-yml.md,"
            + " 'labels'), or use one of " + builtIn.keys.sorted().joined(separator: ", ") + "."
    }
}
