import ArgumentParser

@main
struct Galgen: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "galgen",
        abstract: "Builds a static photo gallery from gallery.yml.",
        discussion: """
            Exit status: 0 everything built; 1 the site was written but some images failed; \
            2 the configuration is invalid; 3 the site could not be written; 4 another build holds the cache \
            (with --no-wait); 5 serve cannot listen on its address.
            """,
        version: "galgen \(version)",
        subcommands: [BuildCommand.self, ServeCommand.self, InitCommand.self]
    )
}
