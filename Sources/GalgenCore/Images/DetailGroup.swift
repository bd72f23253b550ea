/// The parts of a photo's details panel that `details:` turns on or off (for the site, an album
/// or a photo; the nearest one that says decides):
/// - `camera`: the camera's make and model;
/// - `lens`: the lens and the focal length (with its 35 mm equivalent);
/// - `exposure`: aperture, shutter, ISO, exposure compensation (when not zero), flash (when it
///   fired); a video's frame rate, codec and HDR;
/// - `time`: when it was taken, in the photo's own zone; a video's duration;
/// - `size`: the pixel dimensions.
/// Never a place: the panel has no row for one.
public enum DetailGroup: String, CaseIterable, Sendable {
    case camera, lens, exposure, time, size

    /// `details: true` (the default).
    public static let all = Set(allCases)
}
