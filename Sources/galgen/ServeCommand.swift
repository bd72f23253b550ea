import ArgumentParser
import GalgenApp

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on this machine, and rebuild it and reload open pages when an input changes.",
        discussion: """
            Watches gallery.yml, the local photos it lists and its template folder. A rebuild that fails \
            keeps the last good site served and shows the error in the terminal and over the open pages. \
            Stop with Ctrl-C (exit status 0). Exit status 2: gallery.yml is missing; 5: the address \
            cannot be listened on (port in use).
            """)

    @OptionGroup var options: BuildOptions

    @Option(help: "Address to listen on. The default keeps the site to this machine; 0.0.0.0 shares it with the network.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8000

    @Option(name: .customLong("base-path"), help: ArgumentHelp(
        "Serve the site under this sub-folder, as it will be on its host (e.g. /photos/).",
        discussion: "A URL path: letters, digits, -, _, ~ and /, with no dot folders."))
    var basePath = BasePathArgument.root

    @Option(name: .customLong("allow-host"), help: ArgumentHelp(
        "Also answer requests for this host name (repeatable).",
        discussion: "IP addresses, localhost and the --host name are always answered; other names are refused against DNS rebinding."))
    var allowHost: [String] = []

    func validate() throws {
        try options.validate()
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port)).") }
    }

    func run() async throws {
        try await PreviewSession.serve(
            options.settings, host: host, port: port, basePath: basePath.path, allowedHosts: allowHost
        ).exit()
    }
}

/// `--base-path`, normalised once as it is parsed ("/" or "/sub/"); ArgumentParser refuses
/// what cannot be a URL path prefix, with its usage status.
struct BasePathArgument: ExpressibleByArgument {
    let path: String

    static let root = BasePathArgument(path: "/")

    private init(path: String) { self.path = path }

    init?(argument: String) {
        guard let path = PreviewSession.basePath(argument) else { return nil }
        self.path = path
    }

    var defaultValueDescription: String { path }
}
