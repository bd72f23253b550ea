/// The ffmpeg filter chains of a poster and a transcode, as text (`-vf`). ffmpeg's autorotate
/// turns the frames upright before these run, so every size here is the upright one.
public enum VideoFilters {
    /// HDR (HLG or PQ, BT.2020) to SDR BT.709 in limited range: linear light at 100 nits,
    /// BT.709 primaries, Hable's curve without desaturation, then the BT.709 transfer. `range` is
    /// "tv" for a video, "pc" for a poster.
    public static func toneMap(range: String = "tv") -> String {
        "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=\(range)"
    }

    /// Frames with alpha composited onto the page's light background (`PageBackground`, as a JPEG
    /// rendition's transparent pixels are): a copy of each frame made opaque in that colour,
    /// with the frame laid over it, in RGB. Its input is the chain's; what follows continues it.
    public static let flatten = "split[fg][bk];[bk]lutrgb=r=\(PageBackground.red):g=\(PageBackground.green):b=\(PageBackground.blue):a=255[bg];"
        + "[bg][fg]overlay=format=rgb"

    /// `chain` after `flatten` when the frames have alpha.
    static func flattened(_ chain: String, alpha: Bool) -> String { alpha ? flatten + "," + chain : chain }

    /// A transcode's chain: scaled to the output's size (square pixels), tone-mapped when HDR,
    /// 8-bit 4:2:0 BT.709.
    public static func transcode(width: Int, height: Int, hdr: VideoHDR?, matrix: VideoMatrix = .bt709) -> String {
        let scale = "scale=\(width):\(height):flags=bicubic"
        if hdr != nil {
            return [scale, "setsar=1", toneMap(range: "tv"), "format=yuv420p"].joined(separator: ",")
        }
        return [scale + ":in_color_matrix=\(matrix.rawValue):out_color_matrix=bt709:out_range=tv", "setsar=1", "format=yuv420p"]
            .joined(separator: ",")
    }

    /// A poster's chain: tone-mapped when HDR, then (when `skipUniform`) only frames that are not
    /// near-uniform pass (black leader, a white title card, a fade's middle: `PosterChoice`'s
    /// measure, by `entropy` and `metadata` in the same run), then full-range RGB for the PNG
    /// the photo pipeline reads.
    public static func poster(hdr: VideoHDR?, skipUniform: Bool, matrix: VideoMatrix = .bt709) -> String {
        var chain: [String] = []
        if hdr != nil { chain += [toneMap(range: "tv"), "format=yuv444p"] }
        if skipUniform {
            chain += ["entropy", "metadata=mode=select:key=\(PosterChoice.toneKey):value=\(PosterChoice.uniformBelow):function=greater"]
        }
        let input = hdr != nil ? "bt709:in_range=tv" : matrix.rawValue
        chain += ["scale=in_color_matrix=\(input):out_range=pc:flags=bicubic+accurate_rnd+full_chroma_int", "format=rgb24"]
        return chain.joined(separator: ",")
    }
}
