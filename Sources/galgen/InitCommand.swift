import ArgumentParser
import GalgenApp

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a starter gallery.yml and a copy of the site template.")

    @Argument(help: "The folder to set up (created if missing).")
    var directory = "."

    func run() throws {
        try ProjectSetup.run(in: directory).exit()
    }
}
