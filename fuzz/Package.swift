// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for galgen's parsers of untrusted bytes. A package of its own, so the root
// package's `swift build`/`swift test` never see the fuzzer flags; `fuzz/run` builds it with
// `--sanitize fuzzer --sanitize address` into its own scratch folder. See README.md.
let package = Package(
    name: "galgen-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "galgen", path: ".."),
        // The same Yams the root resolves: the gallery.yml target compares its verdicts with Yams's own.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // JPEG header, EXIF and orientation, and the image stage's bounded decode, resample and encode.
        .executableTarget(
            name: "FuzzJPEG",
            dependencies: [
                .product(name: "GalgenImage", package: "galgen"),
                .product(name: "GalgenJPEG", package: "galgen"),
                .product(name: "GalgenPixels", package: "galgen"),
                .product(name: "GalgenCore", package: "galgen"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // A photo's XMP, IPTC and EXIF words and dates: PhotoMetadataReader, XMPReader, IPTCReader.
        .executableTarget(
            name: "FuzzMetadata",
            dependencies: [
                .product(name: "GalgenImage", package: "galgen"),
                .product(name: "GalgenCore", package: "galgen"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The location check of published originals: every metadata block of every format, read from the raw bytes.
        .executableTarget(
            name: "FuzzLocation",
            dependencies: [
                .product(name: "GalgenImage", package: "galgen"),
                .product(name: "GalgenCore", package: "galgen"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // HEIC/HEIF and AVIF (libheif), WebP (libwebp) and PNG (libpng through its shim): each decoder on arbitrary bytes.
        .executableTarget(
            name: "FuzzHEIF",
            dependencies: [.product(name: "GalgenHEIF", package: "galgen"), .product(name: "GalgenPixels", package: "galgen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzWebP",
            dependencies: [.product(name: "GalgenWebP", package: "galgen"), .product(name: "GalgenPixels", package: "galgen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzPNG",
            dependencies: [.product(name: "GalgenPNG", package: "galgen"), .product(name: "GalgenPixels", package: "galgen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // gallery.yml bytes → configuration (text checks, alias budget, validation) → plan.
        .executableTarget(
            name: "FuzzConfig",
            dependencies: [
                .product(name: "GalgenCore", package: "galgen"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // ffprobe's JSON report on an untrusted video: the bounded FFprobeReport parser and every reading of a probe.
        .executableTarget(
            name: "FuzzFFprobe",
            dependencies: [.product(name: "GalgenCore", package: "galgen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The pure rules for HTTP responses: verdicts, Cache-Control, freshness, redirects, hosts, sniffing.
        .executableTarget(
            name: "FuzzHTTP",
            dependencies: [.product(name: "GalgenCore", package: "galgen")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
