import GalgenCore

/// One input: the bytes ffprobe printed (`-print_format json -show_format -show_streams`) for an
/// untrusted video. They go through `FFprobeReport.parse`, then every reading galgen makes of a
/// probe (its checks, upright details, date and words, device, location), as `inspect` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFFprobe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FFprobeFuzzing.run(bytes)
    return 0
}

enum FFprobeFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard let probe = try? FFprobeReport.parse(bytes) else { return }
        require(probe.streams.count <= FFprobeReport.maxStreams, "more streams than the cap")
        require(probe.tags.count <= FFprobeReport.maxTags, "more tags than the cap")
        require(probe.tags.values.allSatisfy { $0.count <= FFprobeReport.maxTagLength }, "a tag over the length cap")
        if let details = try? probe.details() {
            require(details.width > 0 && details.height > 0 && details.duration > 0, "usable details without a size or duration")
            let outputs = VideoOutputPlan.outputs(for: details, settings: .galleryDefault)
            require(outputs.allSatisfy { $0.width % 2 == 0 && $0.height % 2 == 0 }, "an odd output size")
        }
        _ = probe.metadata
        _ = probe.facts
        if case .found(let words) = probe.location { require(!words.isEmpty, "a found location without words") }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }
}
