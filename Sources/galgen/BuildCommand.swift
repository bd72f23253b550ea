import ArgumentParser
import GalgenApp
import GalgenBuild
import GalgenCore

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the site from gallery.yml into the output folder.")

    @OptionGroup var options: BuildOptions

    @Option(name: .long, help: ArgumentHelp(
        "Render only shard K of N into the cache and write no site; then copy every shard's cache into one and run galgen build there.",
        valueName: "K/N"))
    var shard: String?

    @Flag(name: .customLong("allow-missing"), help: "When merging shards' caches, write the site without the items no shard rendered (instead of exit status 6).")
    var allowMissing = false

    func validate() throws {
        if let shard, case let .failure(problem) = Shard.parse(shard) { throw ValidationError("\(problem).") }
        if shard != nil && allowMissing {
            throw ValidationError("--allow-missing is for the merge (galgen build over the shards' caches), not for --shard.")
        }
    }

    func run() async throws {
        var settings = options.settings
        settings.shard = try shard.map { try Shard.parse($0).get() }
        settings.allowMissing = allowMissing
        try await BuildSession.run(settings).exit()
    }
}
