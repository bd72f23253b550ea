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
}
