import GalgenPixels
import Testing

struct OrientationTests {
    /// A 3×2 image with a distinct value per pixel, to follow where each one goes.
    let image = PixelBuffer(width: 3, height: 2, layout: .gray, bytes: [1, 2, 3, 4, 5, 6])

    @Test(arguments: [
        (1, 3, 2, [1, 2, 3, 4, 5, 6] as [UInt8]),
        (2, 3, 2, [3, 2, 1, 6, 5, 4]),
        (3, 3, 2, [6, 5, 4, 3, 2, 1]),
        (4, 3, 2, [4, 5, 6, 1, 2, 3]),
        (5, 2, 3, [1, 4, 2, 5, 3, 6]),
        (6, 2, 3, [4, 1, 5, 2, 6, 3]),
        (7, 2, 3, [6, 3, 5, 2, 4, 1]),
        (8, 2, 3, [3, 6, 2, 5, 1, 4]),
    ])
    func eachOrientationMapsPixels(raw: Int, width: Int, height: Int, expected: [UInt8]) throws {
        let orientation = try #require(Orientation(rawValue: raw))
        let upright = orientation.apply(to: image)
        #expect(upright.width == width && upright.height == height)
        #expect(upright.bytes == expected)
    }
}
