import GalgenCore
import Yams

/// One input: the bytes of a gallery.yml.
///
/// They go through `ConfigParser.parse` as `galgen build` reads them (UTF-8 and control-character
/// checks, the alias budget, Yams, validation), then the plan stage, and every error is printed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ConfigFuzzing.run(bytes)
    return 0
}

enum ConfigFuzzing {
    static func run(_ bytes: [UInt8]) {
        do {
            let gallery = try ConfigParser.parse(bytes, file: "gallery.yml", directory: "/fuzz/site")
            let plan = Planner.plan(gallery)
            require(plan.sources.count <= gallery.allImages.count, "more planned sources than images")
        } catch {
            check(error, bytes: bytes)
        }
    }

    static func check(_ failure: ConfigErrors, bytes: [UInt8]) {
        require(!failure.errors.isEmpty, "a failure without errors")
        let lines = bytes.count + 1
        for error in failure.errors {
            require(error.location.line >= 1 && error.location.column >= 1, "error before the start of the file")
            require(error.location.line <= lines, "error past the end of the file")
        }
        // Printed as `galgen build` prints it; bounded by the file, never by what aliases expand to.
        let text = failure.description
        require(text.utf8.count <= 64 * (bytes.count + 1_000), "\(text.utf8.count) bytes of errors for \(bytes.count) bytes of YAML")
        requireNoFalseRefusal(failure, bytes: bytes)
    }

    /// The alias budget composes a rewritten copy of the text first. A syntax error must then come
    /// from the file itself: if Yams composes the original, the copy refused a valid file. Compared
    /// only with a few aliases, where composing the original cannot explode.
    ///
    /// Duplicate keys are the exception: the copy's rewritten text can make two keys equal
    /// (`a *bc: 1` and `a *d: 2`), but only keys with a `*` in them, and no gallery.yml key has one,
    /// so that file is refused either way (with a different message).
    static func requireNoFalseRefusal(_ failure: ConfigErrors, bytes: [UInt8]) {
        guard failure.errors.count == 1, case let .syntax(problem) = failure.errors[0].kind,
              !(problem.hasPrefix("the key ") && problem.contains("appears twice")),
              bytes.lazy.filter({ $0 == UInt8(ascii: "*") }).count <= 4
        else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let root = try? Yams.compose(yaml: text) else { return }
        _ = root
        fatalError("fuzz invariant: Yams composes this file, but galgen refused it: \(failure)")
    }

    /// A broken promise is a crash, so libFuzzer keeps the input that broke it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
