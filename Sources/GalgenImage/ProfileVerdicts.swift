import Foundation
import GalgenPixels
import Synchronization

/// What is known about the profiles already seen: usable or not, and whether one is sRGB in all
/// but name. Most photos of a gallery carry the same few profiles (a camera's sRGB, a phone's P3),
/// so each is checked once per process instead of once per photo (a check is an lcms2 transform,
/// about a millisecond).
final class ProfileVerdicts: Sendable {
    struct Verdict: Sendable {
        /// Why the profile cannot be used with these pixels, or nil if it can.
        var problem: ColourError?
        /// Converting through it to sRGB changes no colour by more than a level.
        var isSRGB: Bool
    }

    static let shared = ProfileVerdicts()
    /// Only small profiles are remembered (RGB and gray ones are a few KB; CMYK ones, which are
    /// converted anyway, can be megabytes), and only so many.
    static let largestRemembered = 64 * 1024
    static let capacity = 64

    private let verdicts = Mutex<[Key: Verdict]>([:])

    private struct Key: Hashable, Sendable {
        var profile: [UInt8]
        var layout: PixelBuffer.Layout
    }

    func verdict(on profile: [UInt8], for layout: PixelBuffer.Layout) -> Verdict {
        let key = Key(profile: profile, layout: layout)
        if let known = verdicts.withLock({ $0[key] }) { return known }
        let verdict = Self.judge(profile, layout)
        if profile.count <= Self.largestRemembered {
            verdicts.withLock { verdicts in
                if verdicts.count >= Self.capacity { verdicts.removeAll() }
                verdicts[key] = verdict
            }
        }
        return verdict
    }

    private static func judge(_ profile: [UInt8], _ layout: PixelBuffer.Layout) -> Verdict {
        guard layout != .cmyk else {
            do { try ColourConversion.check(profile: profile, layout: layout) } catch { return Verdict(problem: error, isSRGB: false) }
            return Verdict(problem: nil, isSRGB: false)
        }
        // A grid of colours through the profile: if none moves by more than a level, it is sRGB.
        let steps: [UInt8] = [0, 32, 64, 96, 128, 160, 192, 224, 255]
        let samples: [UInt8] = layout == .gray ? steps : steps.flatMap { r in steps.flatMap { g in steps.flatMap { b in [r, g, b] } } }
        let pixels = PixelBuffer(width: samples.count / layout.rawValue, height: 1, layout: layout, bytes: samples)
        do {
            let converted = try ColourConversion.toSRGB(pixels, profile: profile)
            let isSRGB = zip(samples, converted.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
            return Verdict(problem: nil, isSRGB: isSRGB)
        } catch {
            return Verdict(problem: error, isSRGB: false)
        }
    }
}
