import Foundation
import Testing

/// `make setup` (which `make run` and `make test` depend on) installs ffmpeg's programs on a
/// machine that lacks them, and leaves a machine that has them alone. Run with a PATH of stubs:
/// `apt-get` and `brew` only write down how they were called.
@Suite struct MakefileSetupTests {
    /// A folder of stub programs; `present` are the ones that exist (besides the shell's own).
    struct Machine {
        let folder: String
        var log: String { (try? String(contentsOfFile: folder + "/calls.log", encoding: .utf8)) ?? "" }

        init(present: [String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("make-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
            // Every library is there already (pkg-config says so): only the video tools are in question.
            try stub("pkg-config", "exit 0")
            try stub("sudo", "exec \"$@\"")
            try FileManager.default.createSymbolicLink(atPath: folder + "/bin/env", withDestinationPath: "/usr/bin/env")
            for name in present {
                try stub(name, name == "apt-get" || name == "brew" ? "echo \"\(name) $*\" >> \(folder)/calls.log" : "exit 0")
            }
        }

        func stub(_ name: String, _ body: String) throws {
            let path = folder + "/bin/" + name
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }

        func setup() throws -> Galgen.Result {
            try Galgen.run(["-s", "-f", Galgen.packageRoot + "/Makefile", "setup"], in: folder,
                           environment: ["PATH": folder + "/bin", "MAKEFLAGS": "", "MAKELEVEL": ""],
                           killedAfter: 60, program: "/usr/bin/make")
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test(arguments: [["apt-get"], ["apt-get", "ffmpeg"], ["apt-get", "ffprobe"]])
    func aptGetInstallsFFmpegWhenEitherProgramIsMissing(present: [String]) throws {
        let machine = try Machine(present: present + ["rsvg-convert"])
        defer { machine.remove() }
        let result = try machine.setup()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Installing ffmpeg (the ffmpeg and ffprobe programs) with apt-get"))
        #expect(machine.log == "apt-get -o DPkg::Lock::Timeout=600 update -qq\napt-get -o DPkg::Lock::Timeout=600 install -y -qq ffmpeg\n")
    }

    @Test func homebrewInstallsFFmpegWhereThereIsNoAptGet() throws {
        let machine = try Machine(present: ["brew", "rsvg-convert"])
        defer { machine.remove() }
        let result = try machine.setup()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(machine.log == "brew install ffmpeg\n")
    }

    /// rsvg-convert draws an SVG watermark: installed like ffmpeg when missing.
    @Test func rsvgConvertIsInstalledWhenMissing() throws {
        let apt = try Machine(present: ["apt-get", "ffmpeg", "ffprobe"])
        defer { apt.remove() }
        let result = try apt.setup()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(apt.log == "apt-get -o DPkg::Lock::Timeout=600 update -qq\napt-get -o DPkg::Lock::Timeout=600 install -y -qq librsvg2-bin\n")
        let brew = try Machine(present: ["brew", "ffmpeg", "ffprobe"])
        defer { brew.remove() }
        #expect(try brew.setup().status == 0 && brew.log == "brew install librsvg\n")
    }

    @Test func nothingIsInstalledWhenBothProgramsAreThere() throws {
        let machine = try Machine(present: ["apt-get", "brew", "ffmpeg", "ffprobe", "rsvg-convert"])
        defer { machine.remove() }
        let result = try machine.setup()
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)\(result.stderr)")
        #expect(machine.log.isEmpty)
    }

    /// A machine without the libraries gets every one, libjxl and Brotli (JPEG XL) among them;
    /// the release workflow and the Homebrew formula install the same ones.
    @Test func missingLibrariesIncludeJPEGXL() throws {
        let apt = try Machine(present: ["apt-get", "ffmpeg", "ffprobe", "rsvg-convert"])
        defer { apt.remove() }
        try apt.stub("pkg-config", "exit 1")
        #expect(try apt.setup().status == 0)
        let install = try #require(apt.log.split(separator: "\n").first { $0.contains(" install ") })
        for package in ["libjxl-dev", "libbrotli-dev", "libheif-dev", "libwebp-dev"] {
            #expect(install.split(separator: " ").contains(Substring(package)), "\(install)")
        }
        let brew = try Machine(present: ["brew", "ffmpeg", "ffprobe", "rsvg-convert"])
        defer { brew.remove() }
        try brew.stub("pkg-config", "exit 1")
        #expect(try brew.setup().status == 0)
        #expect(brew.log.contains(" jpeg-xl brotli "), "\(brew.log)")
        let release = try String(contentsOfFile: Galgen.packageRoot + "/.github/workflows/release.yml", encoding: .utf8)
        #expect(release.contains("brew install jpeg-turbo little-cms2 libheif webp libpng jpeg-xl brotli"))
        let formula = try String(contentsOfFile: Galgen.packageRoot + "/Formula/galgen.rb", encoding: .utf8)
        #expect(formula.contains("depends_on \"jpeg-xl\"\n") && formula.contains("depends_on \"brotli\""))
        let package = try String(contentsOfFile: Galgen.packageRoot + "/Package.swift", encoding: .utf8)
        #expect(package.contains(#"pkgConfig: "libjxl", providers: [.apt(["libjxl-dev"]), .brew(["jpeg-xl"])]"#))
    }

    @Test func withNoPackageManagerItSaysWhatToInstall() throws {
        let machine = try Machine(present: [])
        defer { machine.remove() }
        let result = try machine.setup()
        #expect(result.status != 0)
        #expect(result.stderr.contains("Please install ffmpeg"))
    }
}
