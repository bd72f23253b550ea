import CLibHEIF
import GalgenPixels

extension HEIFDecoder {
    /// The primary image's ICC profile (`prof`/`rICC`), else its `nclx` code points.
    static func colourDescription(_ handle: OpaquePointer) throws(HEIFError) -> (icc: [UInt8]?, cicp: CICP?) {
        var cicp: CICP?
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let status = heif_image_handle_get_nclx_color_profile(handle, &nclx)
        // libheif may hand back a profile with an error too (the fuzzer found it leaking): always free it.
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        if status.code == heif_error_Ok, let profile = nclx {
            cicp = CICP(primaries: Int(profile.pointee.color_primaries.rawValue),
                        transfer: Int(profile.pointee.transfer_characteristics.rawValue),
                        matrix: Int(profile.pointee.matrix_coefficients.rawValue), fullRange: profile.pointee.full_range_flag != 0)
        }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0, size <= maximumMetadataBytes else { return (nil, cicp) }
        var icc = [UInt8](repeating: 0, count: size)
        let error = icc.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
        // An HDR transfer in nclx still decides, whatever profile sits beside it.
        return error.code == heif_error_Ok ? (icc, cicp?.isHDR == true ? cicp : nil) : (nil, cicp)
    }

    /// A colour profile bigger than this is ignored (a real one is a few kilobytes; 4 MB is generous).
    static let maximumMetadataBytes = 4 << 20

    /// Whether the file's `meta` box holds an `irot` or `imir` property (read from the boxes: libheif
    /// applies them but does not say whether there were any).
    public static func hasTransform(_ bytes: [UInt8]) -> Bool {
        guard let meta = HEIFBoxes.box("meta", in: bytes[...]) else { return false }
        return contains(meta, "irot") || contains(meta, "imir")
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ fourCC: String) -> Bool {
        let needle = Array(fourCC.utf8)
        return bytes.indices.dropLast(3).contains { bytes[$0] == needle[0] && bytes[($0 + 1)...($0 + 3)].elementsEqual(needle[1...]) }
    }
}
