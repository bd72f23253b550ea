import ArgumentParser

@main
struct Galgen: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "galgen",
        abstract: "Builds a static photo gallery from gallery.yml.",
        discussion: """
            Exit status: 0 everything built; 1 the site was written but some images failed; \
            2 the configuration is invalid; 3 the site could not be written.
            """,
        version: "galgen \(version)",
        subcommands: [BuildCommand.self, InitCommand.self]
    )
}
