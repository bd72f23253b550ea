import ArgumentParser
import GalgenApp
import GalgenBuild
import GalgenCore

@main
struct Galgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galgen",
        abstract: "Builds a static photo gallery from gallery.yml.",
        discussion: ExitStatus.summary,
        version: "galgen \(Version.current)",
        subcommands: [BuildCommand.self, ServeCommand.self, InitCommand.self]
    )
}
