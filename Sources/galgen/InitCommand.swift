import ArgumentParser
import GalgenApp

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter gallery.yml and a copy of the site template.",
        discussion: """
            Without --from, also makes an empty photos/ folder for your photos. With --from, the \
            gallery.yml shows the photos of that folder (an album for each of its folders when \
            they hold the photos), by date.
            """)

    @Argument(help: "The folder to set up (created if missing).")
    var directory = "."

    @Option(name: .customLong("from"), help: ArgumentHelp("A folder of photos for the gallery to show.", valueName: "folder"))
    var from: String?

    func validate() throws {
        if from?.isEmpty == true { throw ValidationError("--from needs a folder, such as --from ~/Pictures/Trip.") }
    }

    func run() throws {
        try ProjectSetup.run(in: directory, from: from).exit()
    }
}
