import GalgenCore
@testable import GalgenImage
import Testing

/// The measured quality matches (bench/formats) are what the encoders get.
struct OutputQualityTests {
    @Test("At the measured points, the measured settings", arguments: [
        (OutputFormat.webp, 82, 400, 80), (.webp, 82, 1600, 85), (.avif, 82, 400, 63), (.avif, 82, 1600, 74),
        (.webp, 60, 1600, 63), (.avif, 95, 400, 89), (.jpeg, 82, 1600, 82),
    ])
    func measured(_ format: OutputFormat, _ jpeg: Int, _ width: Int, _ expected: Int) {
        #expect(OutputQuality.quality(format, forJPEG: jpeg, width: width) == expected)
    }

    @Test func betweenAndBeyondThePoints() {
        // 800 px is halfway between 400 and 1600 on a log scale.
        #expect(OutputQuality.quality(.avif, forJPEG: 82, width: 800) == 69)
        // Held at the nearest measured width and quality.
        #expect(OutputQuality.quality(.avif, forJPEG: 82, width: 100) == 63)
        #expect(OutputQuality.quality(.avif, forJPEG: 82, width: 4000) == 74)
        #expect(OutputQuality.quality(.webp, forJPEG: 100, width: 1600) == 96)
        #expect(OutputQuality.quality(.webp, forJPEG: 1, width: 400) == 49)
        // Monotone in the JPEG quality.
        for format in [OutputFormat.webp, .avif] {
            let settings = (1...100).map { OutputQuality.quality(format, forJPEG: $0, width: 1000) }
            #expect(zip(settings, settings.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }
}
