/// The page's light-theme background (`--bg` in site-template's stylesheet): what a transparent
/// pixel is composited onto wherever the published file has no alpha (a JPEG rendition, an
/// animation's MP4 and poster). One background for both themes: most pages are viewed light, and
/// a cut-out on a pale grey still reads well on the dark theme's card.
public enum PageBackground {
    public static let red: UInt8 = 0xF5, green: UInt8 = 0xF5, blue: UInt8 = 0xF7
    /// The same for a gray picture (its luma, rounded).
    public static let gray: UInt8 = 0xF5

    /// `value` composited onto `back` at straight `alpha` (0–255), rounded.
    @inline(__always)
    public static func over(_ value: UInt8, _ back: UInt8, alpha: Int) -> UInt8 {
        alpha == 255 ? value : UInt8((Int(value) * alpha + Int(back) * (255 - alpha) + 127) / 255)
    }
}
