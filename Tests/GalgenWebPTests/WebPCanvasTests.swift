import Foundation
import GalgenPixels
import GalgenWebP
import Testing

/// An animation's first frame is shown on its canvas, so the canvas decides the memory: a canvas
/// much larger than its first frame is refused from the header, before libwebp allocates it.
struct WebPCanvasTests {
    /// A 16×16 frame on a 14000×14000 canvas, 90 bytes: libwebp's animation decoder took 2.3 GB
    /// and 15 s over it (two RGBA canvases, then galgen's RGB and alpha copies).
    static let hugeCanvas = animation(canvas: (14000, 14000), frame: (16, 16), at: (0, 0))

    @Test func aTinyFrameOnAHugeCanvasIsRefusedFromItsHeader() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let reason = "its animation's canvas is 14000×14000 but its first frame only 16×16: galgen composites every frame on its canvas, "
            + "and refuses a canvas of more than 4 times its first frame (or 1048576 pixels), which would take memory for nothing; "
            + "export it again with a canvas the size of its frames (or as a GIF or MP4)"
        #expect(failure { _ = try WebPDecoder.header(Self.hugeCanvas) } == reason)
        #expect(failure { _ = try WebPDecoder.decode(Self.hugeCanvas, maxPixels: 200_000_000) } == reason)
        #expect(clock.now - started < .seconds(5))
    }

    @Test func aSmallCanvasShowsItsFirstFrameInPlace() throws {
        // A 16×16 red mark at (8, 8) on a transparent 64×64 canvas: a sixteenth of it, but 4,096 pixels.
        let image = try WebPDecoder.decode(Self.animation(canvas: (64, 64), frame: (16, 16), at: (8, 8)), maxPixels: 1_000_000)
        #expect((image.pixels.width, image.pixels.height) == (64, 64))
        let alpha = try #require(image.alpha)
        #expect(alpha[10 * 64 + 10] == 255 && Array(image.pixels.bytes[(10 * 64 + 10) * 3..<(10 * 64 + 11) * 3]) == [255, 0, 0])
        #expect(alpha[0] == 0 && alpha[30 * 64 + 30] == 0)
    }

    @Test("A large canvas up to four times its first frame", arguments: [((1024, 1024), true), ((1000, 1000), false)])
    func largeCanvas(_ frame: (Int, Int), _ decodes: Bool) throws {
        let file = Self.animation(canvas: (2048, 2048), frame: frame, at: (0, 0))
        #expect((failure { _ = try WebPDecoder.header(file) } == nil) == decodes)
        #expect((failure { _ = try WebPDecoder.decode(file, maxPixels: 200_000_000) } == nil) == decodes)
    }

    /// An animated WebP (VP8X, ANIM) of one ANMF frame: an opaque red lossless image.
    static func animation(canvas: (Int, Int), frame: (Int, Int), at offset: (Int, Int)) -> [UInt8] {
        let vp8x = [0x12, 0, 0, 0] + le(canvas.0 - 1, 3) + le(canvas.1 - 1, 3)  // alpha and animation flags
        let anim = le(0, 4) + le(0, 2)
        let anmf = le(offset.0 / 2, 3) + le(offset.1 / 2, 3) + le(frame.0 - 1, 3) + le(frame.1 - 1, 3) + le(100, 3) + [0]
            + chunk("VP8L", solidLossless(width: frame.0, height: frame.1, argb: [255, 255, 0, 0]))
        let body = Array("WEBP".utf8) + chunk("VP8X", vp8x) + chunk("ANIM", anim) + chunk("ANMF", anmf)
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// A VP8L bitstream of one colour: no transforms, and five prefix codes of a single symbol
    /// each (green, red, blue, alpha, distance), so every pixel takes no bits at all.
    static func solidLossless(width: Int, height: Int, argb: [Int]) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: Int, _ count: Int) { bits += (0..<count).map { value >> $0 & 1 == 1 } }
        put(width - 1, 14); put(height - 1, 14); put(1, 1); put(0, 3)  // size, alpha used, version 0
        put(0, 1); put(0, 1); put(0, 1)  // no transform, no colour cache, no meta prefix codes
        for symbol in [argb[2], argb[1], argb[3], argb[0], 0] { put(1, 1); put(0, 1); put(1, 1); put(symbol, 8) }
        let bytes = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { $0 | ($1.element ? 1 << $1.offset : 0) }
        }
        return [0x2F] + bytes
    }

    static func chunk(_ fourcc: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourcc.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }
}
