import Foundation
import GalgenCore
@testable import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

struct PlaceholderTests {
    @Test func aBMPOfTheRightSizeAndColours() throws {
        // Left half red, right half blue, 40×20: a 4×2 BMP, red then blue, bottom row first.
        var bytes: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { bytes += x < 20 ? [255, 0, 0] : [0, 0, 255] } }
        let uri = Placeholder.dataURI(from: PixelBuffer(width: 40, height: 20, layout: .rgb, bytes: bytes))
        #expect(uri.hasPrefix("data:image/bmp;base64,"))
        let bmp = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/bmp;base64,".count))))
        #expect(bmp.count == 54 + 2 * 12)
        #expect(Array(bmp.prefix(2)) == [0x42, 0x4D])
        #expect(bmp[18] == 4 && bmp[22] == 2 && bmp[28] == 24)
        let firstRow = Array(bmp[54..<66])
        #expect(Array(firstRow[0..<3]) == [0, 0, 255], "BGR order: red")
        #expect(Array(firstRow[9..<12]) == [255, 0, 0], "blue")
        #expect(uri.count < 160)
    }

    @Test func grayAndTallImagesToo() {
        let tall = Placeholder.bmp(PixelBuffer(width: 1, height: 3, layout: .gray, filledWith: 9))
        #expect(tall.count == 54 + 3 * 4)
        #expect(Array(tall[54..<58]) == [9, 9, 9, 0])
    }

    @Test func everyRenderedPhotoHasOne() throws {
        let rendered = try JPEGImageRenderer.render(try Fixtures.bytes("orientation/Portrait_6.jpg"),
                                                    request: RenditionRequest(widths: [200], quality: 80), decoder: JPEGDecoder())
        let uri = try #require(rendered.placeholder)
        let bmp = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/bmp;base64,".count))))
        // Upright portrait: 3 wide, 4 tall.
        #expect(bmp[18] == 3 && bmp[22] == 4)
    }

    @Test func photosAboveMaxPixelsAreRefusedByName() throws {
        let bytes = try Fixtures.bytes("orientation/Landscape_1.jpg")
        let header = try JPEGHeader.read(bytes)
        let request = RenditionRequest(widths: [200], quality: 80, maxPixels: header.width * header.height - 1)
        #expect(throws: ImageStageError.self) { try JPEGImageRenderer.render(bytes, request: request, decoder: JPEGDecoder()) }
        do {
            _ = try JPEGImageRenderer.render(bytes, request: request, decoder: JPEGDecoder())
        } catch let error as ImageStageError {
            #expect(error.message.contains("more than thumbnails.max_pixels (\(header.width * header.height - 1))"))
        }
        let allowed = RenditionRequest(widths: [200], quality: 80, maxPixels: header.width * header.height)
        #expect(try JPEGImageRenderer.render(bytes, request: allowed, decoder: JPEGDecoder()).renditions.count == 1)
    }
}
