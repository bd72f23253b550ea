import GalgenCore

/// A site template as a build loads it: the files it renders and publishes and, for a template
/// folder, which of the folder's files it uses and which it skipped.
public struct LoadedTemplate: Equatable, Sendable {
    /// The template folder's files over the built-in ones (or the built-in ones alone).
    public var template: SiteTemplate
    /// What the template folder contributes and skips (nothing for the built-in template).
    public var selection: TemplateSelection

    public init(_ template: SiteTemplate, selection: TemplateSelection = TemplateSelection(used: [], skipped: [])) {
        self.template = template
        self.selection = selection
    }

    /// What a used file of the folder becomes in the site, for `--verbose`: the template it
    /// renders with, where it is published, or the script it is a part of.
    public func contribution(of name: String) -> String {
        if name.hasSuffix("." + TemplateFolder.templateExtension) {
            return "the \(name.dropLast(TemplateFolder.templateExtension.count + 1)) template"
        }
        if name == ThemeStylesheet.name {
            let stylesheet = ThemeStylesheet.stylesheet
            return "the end of " + OutputLayout.asset(stylesheet, bytes: template.assets[stylesheet] ?? [])
        }
        if GalleryScript.parts.contains(name) {
            if selection.used.contains(GalleryScript.name) {
                return "nothing: the folder's own \(GalleryScript.name) replaces the parts"
            }
            return "part of " + OutputLayout.asset(GalleryScript.name, bytes: template.assets[GalleryScript.name] ?? [])
        }
        return OutputLayout.asset(name, bytes: template.assets[name] ?? [])
    }
}
