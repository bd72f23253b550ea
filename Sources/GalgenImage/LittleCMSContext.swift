import CLCMS2

/// Why a photo's colours could not be converted through its ICC profile, in words for the build summary.
struct ColourError: Error, Equatable, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// One Little CMS context, used by one conversion and freed with it.
///
/// lcms2 reports what went wrong through a logger, not through its return values: each context
/// logs into its own collector (see lcms2_shim.h), so a message always belongs to the conversion
/// that caused it, even with several jobs converting at once.
final class LittleCMSContext {
    let handle: cmsContext
    private let errors: UnsafeMutablePointer<GalgenLCMSErrors>

    init() throws(ColourError) {
        errors = .allocate(capacity: 1)
        errors.initialize(to: GalgenLCMSErrors())
        guard let handle = galgen_lcms_context(errors) else {
            errors.deallocate()
            throw ColourError(message: "Little CMS could not start (out of memory)")
        }
        self.handle = handle
    }

    deinit {
        cmsDeleteContext(handle)
        errors.deallocate()
    }

    /// lcms2's first complaint since this context was made, if it made one.
    var firstError: String? {
        guard errors.pointee.count > 0 else { return nil }
        return withUnsafeBytes(of: errors.pointee.first_message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// `what` failed: the message lcms2 logged, or `fallback` when it logged none.
    func failure(_ what: String, fallback: String) -> ColourError {
        ColourError(message: "\(what): \(firstError ?? fallback)")
    }
}
