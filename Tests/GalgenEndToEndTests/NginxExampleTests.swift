import Foundation
import GalgenTestSupport
import Testing

/// examples/nginx/galgen-site.conf, the documentation's answer for real access control (docs/privacy.md), serving a site
/// galgen built: the album it guards asks for the password, and the rest of the site does not.
/// nginx comes from `make test`'s set-up (nginx-light).
struct NginxExampleTests {
    static let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func thePasswordGuardsTheAlbumAndOnlyIt() async throws {
        let nginx = try #require(Self.nginx, "nginx is missing: make test installs it (apt-get install nginx-light)")
        let project = try TestProject("""
        title: Us
        thumbnails: { formats: [jxl, jpeg] }
        albums:
          - title: Family
            slug: family
            images: [photos/a.jpg]
          - title: Trips
            images: [photos/b.jpg]
        """, photos: ["a.jpg": "orientation/Landscape_1.jpg", "b.jpg": "orientation/Landscape_3.jpg"])
        let built = try await project.build()
        #expect(built.status == 0, "\(built.stderr)")
        // "alice" / "s3cret", hashed as the example's comment says.
        let hash = try run("/usr/bin/openssl", ["passwd", "-apr1", "s3cret"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try project.write("nginx/galgen.htpasswd", "alice:\(hash)\n")
        let example = try String(contentsOfFile: Galgen.packageRoot + "/examples/nginx/galgen-site.conf", encoding: .utf8)
        let port = Int.random(in: 20_000...60_000)
        let server = example
            .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
            .replacingOccurrences(of: "root /var/www/photos/_site;", with: "root \(project.site);")
            .replacingOccurrences(of: "/etc/nginx/galgen.htpasswd", with: project.path("nginx/galgen.htpasswd"))
            .replacingOccurrences(of: "include mime.types;", with: "include /etc/nginx/mime.types;")
        let directives = server.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined()
            .replacingOccurrences(of: "include /etc/nginx/mime.types;", with: "")
        #expect(server != example && !directives.contains("/var/www") && !directives.contains("/etc/nginx"))
        try project.write("nginx/nginx.conf", """
        worker_processes 1;
        pid \(project.path("nginx/nginx.pid"));
        error_log \(project.path("nginx/error.log"));
        events { worker_connections 64; }
        http {
            include /etc/nginx/mime.types;
            access_log off;
            \(server)
        }
        """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", project.path("nginx"), "-c", project.path("nginx/nginx.conf"), "-g", "daemon off;"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let front = try await waitForServer(port: port, project: project)
        #expect(front.status == 200 && front.text.contains("Family"))
        let guarded = try RawHTTP.request(port: port, "/family/")
        #expect(guarded.status == 401 && guarded.headers["www-authenticate"]?.contains("Family photos") == true)
        let wrong = try RawHTTP.request(port: port, "/family/", headers: ["Authorization": "Basic " + Data("alice:guess".utf8).base64EncodedString()])
        #expect(wrong.status == 401)
        let right = try RawHTTP.request(port: port, "/family/", headers: ["Authorization": "Basic " + Data("alice:s3cret".utf8).base64EncodedString()])
        #expect(right.status == 200 && right.text.contains("<h1>Family</h1>") && right.headers["x-robots-tag"] == "noindex")
        let trips = try RawHTTP.request(port: port, "/trips/")
        #expect(trips.status == 200 && trips.text.contains("<h1>Trips</h1>"))
        // The album's photos ask for the password too; the other album's do not.
        let guardedImage = try #require(project.siteFiles("images/family").first { $0.hasSuffix(".jpg") })
        #expect(try RawHTTP.request(port: port, "/images/family/" + guardedImage).status == 401)
        // Behind the password, its photos keep the /images/ block's sandbox and cache headers,
        // marked private so that no shared cache keeps them.
        let opened = try RawHTTP.request(port: port, "/images/family/" + guardedImage,
                                         headers: ["Authorization": "Basic " + Data("alice:s3cret".utf8).base64EncodedString()])
        #expect(opened.status == 200 && opened.headers["content-security-policy"] == "default-src 'none'; sandbox", "\(opened.headers)")
        #expect(opened.headers["cache-control"]?.hasPrefix("private") == true && opened.headers["x-robots-tag"] == "noindex")
        // galgen's files for hosts are not served.
        #expect(try RawHTTP.request(port: port, "/.galgen-site").status == 404)
        #expect(try RawHTTP.request(port: port, "/_headers").status == 404)
        let image = try #require(project.siteFiles("images").first { $0.hasSuffix(".jpg") && !$0.hasPrefix("family") })
        let rendition = try RawHTTP.request(port: port, "/images/" + image)
        #expect(rendition.status == 200 && rendition.headers["cache-control"]?.contains("immutable") == true,
                "\(image): \(rendition.status) \(project.read("nginx/error.log") ?? "")")
        #expect(rendition.headers["content-type"] == "image/jpeg")
        // JPEG XL renditions are sent as what they are (nginx's own table has no .jxl).
        let jxl = try #require(project.siteFiles("images").first { $0.hasSuffix(".jxl") && !$0.hasPrefix("family") })
        let jxlResponse = try RawHTTP.request(port: port, "/images/" + jxl)
        #expect(jxlResponse.status == 200 && jxlResponse.headers["content-type"] == "image/jxl", "\(jxlResponse.headers)")
    }

    private func waitForServer(port: Int, project: TestProject) async throws -> RawHTTP.Response {
        for _ in 0..<100 {
            if let response = try? RawHTTP.request(port: port, "/", timeout: .seconds(2)) { return response }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("nginx did not start: \(project.read("nginx/error.log") ?? "no log")")
        throw RawHTTP.Failure.timeout
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
