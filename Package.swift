// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "galgen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "galgen", targets: ["galgen"]),
        // For the fuzz targets in fuzz/ (a package of their own that depends on this one by path).
        .library(name: "GalgenCore", targets: ["GalgenCore"]),
        .library(name: "GalgenBuild", targets: ["GalgenBuild"]),
        .library(name: "GalgenPixels", targets: ["GalgenPixels"]),
        .library(name: "GalgenJPEG", targets: ["GalgenJPEG"]),
        .library(name: "GalgenImage", targets: ["GalgenImage"]),
        .library(name: "GalgenHEIF", targets: ["GalgenHEIF"]),
        .library(name: "GalgenWebP", targets: ["GalgenWebP"]),
        .library(name: "GalgenPNG", targets: ["GalgenPNG"]),
        .library(name: "GalgenJXL", targets: ["GalgenJXL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Test-only (FaultServer's certificates): galgen's SHA-256 comes from the system (GalgenHash).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Command line: parsing and validate() only; everything else is GalgenApp.
        .executableTarget(
            name: "galgen",
            dependencies: [
                "GalgenApp", "GalgenCore", "GalgenBuild", "GalgenIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The application: one build or preview session with the live effects, the build
        // report, interruption, exit statuses. The command line calls it; tests call it in-process.
        .target(
            name: "GalgenApp",
            dependencies: ["GalgenCore", "GalgenBuild", "GalgenImage", "GalgenIO", "GalgenFetch", "GalgenSiteTemplate", "GalgenServe", "GalgenVideo"]
        ),
        // Reading gallery.yml and the items, pure: configuration, settings, folders, order,
        // words, the plan and output layout, download rules, the image stage's interface, media.
        .target(
            name: "GalgenCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                "GalgenHash",
                "GalgenPlaces",
            ]
        ),
        // The build's stages after gallery.yml is read and the items are planned: the pipeline,
        // presenting (view models), rendering and writing pages, sharing (feeds, tags, places,
        // zips, unlisted and private albums) and the shard merge. Pure, effects injected.
        .target(
            name: "GalgenBuild",
            dependencies: [
                "GalgenCore",
                .product(name: "Mustache", package: "swift-mustache"),
                "GalgenHash",
                "GalgenCrypto",
                "GalgenPlaces",
            ]
        ),
        // Places from coordinates, offline: GeoNames' cities and Natural Earth's land, compiled in
        // (scripts/make-gazetteer writes Data/). Pure, no dependencies.
        .target(name: "GalgenPlaces"),
        // The default site template, compiled into the binary from site-template/.
        .target(
            name: "GalgenSiteTemplate",
            dependencies: ["GalgenCore", "GalgenBuild"],
            resources: [.embedInCode("site-template"), .embedInCode("private-album")]
        ),
        // The image stage: decode (every format), resize, encode (CPU only).
        .target(name: "GalgenImage", dependencies: [
            "GalgenCore", "GalgenPixels", "GalgenJPEG", "GalgenHEIF", "GalgenWebP", "GalgenPNG", "GalgenJXL", "CLCMS2", "CZlib",
        ]),
        // zlib: the location check inflates PNG text chunks (zTXt, compressed iTXt) itself.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Little CMS 2: CMYK and wide-gamut sources to sRGB through their ICC profiles.
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // HEIC/HEIF and AVIF input through libheif.
        .target(name: "GalgenHEIF", dependencies: ["CLibHEIF", "GalgenPixels"]),
        .systemLibrary(
            name: "CLibHEIF",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        // WebP input through libwebp (its demuxer for animations and metadata chunks).
        .target(name: "GalgenWebP", dependencies: ["CLibWebP", "GalgenPixels"]),
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // JPEG XL in and out through libjxl (its decoder, its encoder, no parallel runner), and Brotli
        // for the container's compressed metadata boxes.
        .target(name: "GalgenJXL", dependencies: ["CLibJXL", "CBrotli", "GalgenPixels"]),
        .systemLibrary(name: "CLibJXL", pkgConfig: "libjxl", providers: [.apt(["libjxl-dev"]), .brew(["jpeg-xl"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlidec", providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]),
        // PNG input through libpng; its setjmp/longjmp error handling lives only in CPNGShim.
        .target(name: "GalgenPNG", dependencies: ["CPNGShim", "GalgenPixels"]),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Pixels every codec shares: the buffers, orientation, CMYK conversion and the resamplers.
        // The codecs depend on it, never on each other.
        .target(name: "GalgenPixels", dependencies: ["CResample"]),
        // Safe Swift API over libjpeg-turbo.
        .target(name: "GalgenJPEG", dependencies: ["CJPEGShim", "GalgenPixels"]),
        // The resampler's inner loops, in C for SSE2's 16-bit multiply-add (Swift's SIMD types
        // have no widening multiply, so their 32-bit products cost four times as many instructions).
        .target(name: "CResample"),
        // setjmp/longjmp live only here.
        .target(name: "CJPEGShim", dependencies: ["CLibJPEG"]),
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Video: ffprobe and ffmpeg run as programs (never linked), with timeouts, bounded output and a
        // registry Ctrl-C stops; the poster goes through the photo pipeline.
        .target(name: "GalgenVideo", dependencies: ["GalgenCore", "GalgenImage", "GalgenIO", "GalgenWebP", "CZlib"]),
        // SHA-256 from the system, compiled into nothing: OpenSSL's libcrypto on Linux (already on
        // every Debian system), CommonCrypto on Apple's systems.
        .target(name: "GalgenHash", dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Private albums' cryptography: AES-256-GCM, HMAC, HKDF, PBKDF2 from the system (libcrypto
        // on Linux, CryptoKit and CommonCrypto on Apple's systems), the sealed-file format and the
        // password records built on them.
        .target(name: "GalgenCrypto", dependencies: ["GalgenHash", .target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),
        // Live effects: file system, terminal, the album zips (zlib for their CRC-32s only).
        .target(name: "GalgenIO", dependencies: ["GalgenCore", "GalgenBuild", "GalgenHash", "GalgenCrypto", "CFileShim", "CZlib"]),
        // renameat2/renamex_np and FICLONE/clonefile: system calls Swift cannot make itself.
        .target(name: "CFileShim"),
        // Live fetch effect: HTTP downloads (libcurl) into the content-addressed cache.
        .target(
            name: "GalgenFetch",
            dependencies: [
                "GalgenCore", "GalgenBuild", "GalgenIO", "GalgenHash", "CCurlShim", "CLibCurl",
            ]
        ),
        // libcurl (with the system's OpenSSL): GalgenFetch's transport. Its setopt and getinfo are
        // variadic, so CCurlShim gives them one typed function per kind of argument.
        .target(name: "CCurlShim", dependencies: ["CLibCurl"]),
        .systemLibrary(name: "CLibCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // `galgen serve`: the preview server (Hummingbird), live reload, watching the inputs.
        .target(
            name: "GalgenServe",
            dependencies: [
                "GalgenCore", "GalgenIO", "GalgenSiteTemplate",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // To stop the server gracefully (ServiceGroup), never by cancelling its accept loop.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.embedInCode("Resources/live.js")]
        ),

        // Shared by the test targets: fixture photos and temporary folders.
        .target(name: "GalgenTestSupport", path: "Tests/GalgenTestSupport"),
        // A real HTTP(S) server on loopback with switchable faults, for the fetch tests.
        .target(
            name: "FaultServer",
            dependencies: [
                "GalgenTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/FaultServer"
        ),
        .testTarget(
            name: "GalgenFetchTests",
            dependencies: [
                "GalgenFetch", "GalgenCore", "GalgenBuild", "FaultServer", "GalgenTestSupport", "CCurlShim", "CLibCurl",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(name: "GalgenPlacesTests", dependencies: ["GalgenPlaces"]),
        .testTarget(name: "GalgenCoreTests", dependencies: ["GalgenCore", "GalgenBuild", "GalgenSiteTemplate", "GalgenTestSupport"]),
        .testTarget(name: "GalgenPixelsTests", dependencies: ["GalgenPixels"]),
        .testTarget(name: "GalgenHashTests", dependencies: ["GalgenHash"]),
        .testTarget(name: "GalgenCryptoTests", dependencies: ["GalgenCrypto"]),
        .testTarget(name: "GalgenJPEGTests", dependencies: ["GalgenJPEG", "GalgenPixels", "GalgenTestSupport"]),
        .testTarget(name: "GalgenHEIFTests", dependencies: ["GalgenHEIF", "GalgenPixels", "GalgenTestSupport"]),
        .testTarget(name: "GalgenWebPTests", dependencies: ["GalgenWebP", "GalgenPixels", "GalgenTestSupport"]),
        .testTarget(name: "GalgenJXLTests", dependencies: ["GalgenJXL", "GalgenPixels", "GalgenPNG", "GalgenTestSupport"]),
        .testTarget(name: "GalgenPNGTests", dependencies: ["GalgenPNG", "GalgenPixels", "GalgenTestSupport"]),
        .testTarget(
            name: "GalgenImageTests",
            dependencies: ["GalgenImage", "GalgenBuild", "GalgenPixels", "GalgenJPEG", "GalgenHEIF", "GalgenWebP", "GalgenTestSupport"]
        ),
        .testTarget(name: "GalgenVideoTests", dependencies: ["GalgenVideo", "GalgenCore", "GalgenBuild", "GalgenWebP", "GalgenTestSupport"]),
        .testTarget(name: "GalgenIOTests", dependencies: ["GalgenIO", "GalgenCore", "GalgenBuild", "GalgenCrypto", "GalgenHash", "GalgenTestSupport"]),
        .testTarget(
            name: "GalgenServeTests",
            dependencies: [
                "GalgenServe", "GalgenBuild", "GalgenSiteTemplate",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .testTarget(name: "GalgenEndToEndTests", dependencies: [
            "galgen", "GalgenApp", "GalgenBuild", "GalgenTestSupport", "FaultServer", "GalgenCrypto", "GalgenPNG",
            // An independent SHA-256 to check the site's fingerprints with.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
