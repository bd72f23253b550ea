import Foundation
import GalgenCore
import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// Files and measurements for the colour tests.
enum ColourFixtures {
    /// Tests/Fixtures/colour, beside this test target.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/colour").path

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// The 557 KB CMYK printer profile ("prtr", Adobe) of dn_ycck_multi_icc_segments.jpg.
    static func cmykProfile() throws -> [UInt8] {
        try #require(try JPEGDecoder().decode(try Fixtures.bytes("odd/dn_ycck_multi_icc_segments.jpg")).iccProfile)
    }

    /// The Display P3 profile libvips embeds (`vips icc_transform … p3`), from tomatoes_display_p3.jpg.
    static func p3Profile() throws -> [UInt8] {
        try #require(try JPEGDecoder().decode(try bytes("tomatoes_display_p3.jpg")).iccProfile)
    }
}

/// ICC profiles in and out of JPEG files.
enum ICCSegments {
    /// `jpeg` with `profile` as its only ICC profile: APP2 "ICC_PROFILE" segments right after SOI,
    /// any it had before removed.
    static func embed(_ profile: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let chunkSize = 65_519
        let chunks = stride(from: 0, to: profile.count, by: chunkSize).map { Array(profile[$0..<min($0 + chunkSize, profile.count)]) }
        var out: [UInt8] = [0xFF, 0xD8]
        for (index, chunk) in chunks.enumerated() {
            let length = 2 + 12 + 2 + chunk.count
            out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE\0".utf8)
            out += [UInt8(index + 1), UInt8(chunks.count)] + chunk
        }
        // Copy the rest, leaving out old ICC segments (markers up to the first scan).
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            let isICC = jpeg[i + 1] == 0xE2 && i + 16 <= jpeg.count && Array(jpeg[i + 4..<i + 16]) == Array("ICC_PROFILE\0".utf8)
            if !isICC { out += jpeg[i..<min(jpeg.count, i + 2 + length)] }
            i += 2 + length
        }
        return out + jpeg[min(i, jpeg.count)...]
    }

    /// The colour space an ICC profile declares in its header ("CMYK", "RGB ", "GRAY").
    static func colourSpace(of profile: [UInt8]) -> String {
        profile.count >= 20 ? String(decoding: profile[16..<20], as: UTF8.self) : "?"
    }
}

enum ColourStats {
    /// Mean |a − b| over every sample of two same-size, same-layout images.
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height && a.layout == b.layout, "different images")
        let total = zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.bytes.count)
    }

    /// The mean of each channel over each cell of a `cells`×`cells` grid, cell by cell, row by row.
    /// Block means keep what colour a region has and drop what resampling and JPEG coding change.
    static func gridMeans(_ image: PixelBuffer, cells: Int = 8) -> [Double] {
        var means: [Double] = []
        for cy in 0..<cells {
            for cx in 0..<cells {
                let x0 = cx * image.width / cells, x1 = (cx + 1) * image.width / cells
                let y0 = cy * image.height / cells, y1 = (cy + 1) * image.height / cells
                var sums = [Double](repeating: 0, count: image.channels)
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        for c in 0..<image.channels { sums[c] += Double(image.bytes[(y * image.width + x) * image.channels + c]) }
                    }
                }
                means += sums.map { $0 / Double(max(1, (x1 - x0) * (y1 - y0))) }
            }
        }
        return means
    }

    /// Mean |a − b| of two lists of grid means.
    static func meanDifference(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count, "different grids")
        return zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(a.count)
    }

    /// A binary PPM (P6, 8-bit), as `vips copy in out.ppm` writes it.
    static func readPPM(_ bytes: [UInt8]) -> PixelBuffer? {
        var fields: [String] = []
        var i = 0
        while fields.count < 4, i < bytes.count {
            if bytes[i] == UInt8(ascii: "#") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if bytes[i] > 0x20 {
                let start = i
                while i < bytes.count, bytes[i] > 0x20 { i += 1 }
                fields.append(String(decoding: bytes[start..<i], as: UTF8.self))
                continue
            }
            i += 1
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
              bytes.count - (i + 1) >= width * height * 3 else { return nil }
        return PixelBuffer(width: width, height: height, layout: .rgb, bytes: Array(bytes[(i + 1)..<(i + 1 + width * height * 3)]))
    }
}

extension ColourStats {
    /// A placeholder data URI's pixels (its BMP turned top-down RGB).
    static func placeholderPixels(_ uri: String?) -> PixelBuffer? {
        guard let uri, let data = Data(base64Encoded: String(uri.dropFirst("data:image/bmp;base64,".count))) else {
            return nil
        }
        let bmp = Array(data)
        let width = Int(bmp[18]) | Int(bmp[19]) << 8, height = Int(bmp[22]) | Int(bmp[23]) << 8
        let rowSize = (width * 3 + 3) / 4 * 4
        var rgb: [UInt8] = []
        for y in 0..<height {
            let row = 54 + (height - 1 - y) * rowSize
            for x in 0..<width { rgb += [bmp[row + x * 3 + 2], bmp[row + x * 3 + 1], bmp[row + x * 3]] }
        }
        return PixelBuffer(width: width, height: height, layout: .rgb, bytes: rgb)
    }
}
