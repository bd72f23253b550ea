/// The ffmpeg filter chains of a poster and a transcode, as text (`-vf`). ffmpeg's autorotate
/// turns the frames upright before these run, so every size here is the upright one.
public enum VideoFilters {
    /// HDR (HLG or PQ, BT.2020) to SDR BT.709 in limited range: linear light at 100 nits,
    /// BT.709 primaries, Hable's curve without desaturation, then the BT.709 transfer. `range` is
    /// "tv" for a video, "pc" for a poster.
    public static func toneMap(range: String = "tv") -> String {
        "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=\(range)"
    }

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

    /// A poster's chain: tone-mapped when HDR, then (when `skipBlack`) only frames less than
    /// 95 % near-black pass (sigal's idea, done in one run by `blackframe` and `metadata`), then
    /// full-range RGB for the PNG the photo pipeline reads.
    public static func poster(hdr: VideoHDR?, skipBlack: Bool, matrix: VideoMatrix = .bt709) -> String {
        var chain: [String] = []
        if hdr != nil { chain += [toneMap(range: "tv"), "format=yuv444p"] }
        if skipBlack {
            chain += ["blackframe=amount=0:threshold=\(blackThreshold)",
                      "metadata=mode=select:key=lavfi.blackframe.pblack:value=\(blackPercent):function=less"]
        }
        let input = hdr != nil ? "bt709:in_range=tv" : matrix.rawValue
        chain += ["scale=in_color_matrix=\(input):out_range=pc:flags=bicubic+accurate_rnd+full_chroma_int", "format=rgb24"]
        return chain.joined(separator: ",")
    }

    /// A pixel whose luma is at most this (of 255, limited range: black is 16) is near-black.
    public static let blackThreshold = 32
    /// A frame with at least this share of near-black pixels is skipped for the poster.
    public static let blackPercent = 95
}
