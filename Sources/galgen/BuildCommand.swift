import ArgumentParser
import GalgenApp

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the site from gallery.yml into the output folder.")

    @OptionGroup var options: BuildOptions

    func run() async throws {
        try await BuildSession.run(options.settings).exit()
    }
}
