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

    /// Metadata items bigger than this are ignored (a photo's EXIF or XMP is a few kilobytes).
    static let maximumMetadataBytes = 4 << 20

    /// The first metadata item of `type` (and `contentType`, for `mime` items), as stored.
    static func metadata(_ handle: OpaquePointer, type: String, contentType: String? = nil) -> [UInt8]? {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count)))
        for id in ids.prefix(found) {
            if let contentType,
               heif_image_handle_get_metadata_content_type(handle, id).map({ String(cString: $0) }) != contentType { continue }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size <= maximumMetadataBytes else { continue }
            var bytes = [UInt8](repeating: 0, count: size)
            guard bytes.withUnsafeMutableBytes({ heif_image_handle_get_metadata(handle, id, $0.baseAddress) }).code == heif_error_Ok
            else { continue }
            return bytes
        }
        return nil
    }

    /// The EXIF item's TIFF structure: HEIF stores a 4-byte offset to it first (ISO/IEC 23008-12 A.2.1).
    static func exifTIFF(_ handle: OpaquePointer) -> [UInt8]? {
        guard let item = metadata(handle, type: "Exif"), item.count > 4 else { return nil }
        let offset = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
        guard offset < item.count - 4 else { return nil }
        let tiff = Array(item[(4 + offset)...])
        return tiff.starts(with: Array("II*\0".utf8)) || tiff.starts(with: Array("MM\0*".utf8)) ? tiff : nil
    }

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
