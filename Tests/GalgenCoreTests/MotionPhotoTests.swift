import GalgenCore
import GalgenTestSupport
import Testing

struct MotionPhotoTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xD9]
    /// Enough of an MP4 for the check: an `ftyp` box, then anything.
    static let mp4: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array(repeating: 7, count: 100)

    @Test func googlesContainerDirectoryGivesTheMP4() {
        let file = MotionPhotoFile.container(jpeg: Self.jpeg, mp4: Self.mp4)
        let range = MotionPhoto.embeddedVideo(in: file)
        #expect(range == (file.count - Self.mp4.count)..<file.count)
    }

    @Test func theOlderMicroVideoOffsetGivesTheMP4() {
        let file = MotionPhotoFile.microVideo(jpeg: Self.jpeg, mp4: Self.mp4)
        #expect(MotionPhoto.embeddedVideo(in: file).map { Array(file[$0]) } == Self.mp4)
    }

    @Test func aLengthThatDoesNotLeadToAnFtypBoxIsNotBelieved() {
        var file = MotionPhotoFile.microVideo(jpeg: Self.jpeg, mp4: Self.mp4)
        file.append(0)  // one byte more: the offset from the end now misses the box
        #expect(MotionPhoto.embeddedVideo(in: file) == nil)
        // A length past the start of the file, or none at all.
        let tooLong = MotionPhotoFile.microVideo(jpeg: Self.jpeg, mp4: Self.mp4).dropLast(Self.mp4.count)
        #expect(MotionPhoto.embeddedVideo(in: Array(tooLong)) == nil)
        #expect(MotionPhoto.embeddedVideo(in: Self.jpeg + Self.mp4) == nil)
    }

    /// The XMP is searched for in the first `searchLength` bytes, among bytes that are not UTF-8
    /// (a JPEG's EXIF and thumbnail come first), and not beyond them.
    @Test func theMarkerIsFoundAmongBinaryBytesButNotPastTheSearchedStart() {
        let motion = MotionPhotoFile.microVideo(jpeg: Self.jpeg, mp4: Self.mp4)
        let junk: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: 0x80 + $0 % 0x7F) }
        let near = Array(motion.prefix(2)) + [0xFF, 0xE1, 0x03, 0xEA] + junk + motion.dropFirst(2)
        #expect(near.count < 256 << 10)
        #expect(MotionPhoto.embeddedVideo(in: near).map { Array(near[$0]) } == Self.mp4)
        let far = Array(motion.prefix(2)) + Array(repeating: 0x80, count: 256 << 10) + motion.dropFirst(2)
        #expect(MotionPhoto.embeddedVideo(in: far) == nil)
    }
}
