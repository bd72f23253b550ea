@testable import GalgenImage
import GalgenTestSupport
import Testing

struct AppleMakerNoteTests {
    static let identifier = "6B1D0B4E-2B1D-4C9A-9A0E-4C3F2D6F1A7B"

    @Test func theContentIdentifierIsReadFromApplesMakerNote() {
        let summary = EXIFSummary(tiff: AppleLivePhotoEXIF.tiff(contentIdentifier: Self.identifier))
        #expect(summary.facts.contentIdentifier == Self.identifier)
    }

    @Test func aMakerNoteThatIsNotApplesOrIsCutShortGivesNone() {
        var other = AppleLivePhotoEXIF.tiff(contentIdentifier: Self.identifier)
        other[44] = UInt8(ascii: "N")  // "Npple iOS": another maker's note
        #expect(EXIFSummary(tiff: other).facts.contentIdentifier == nil)
        let cut = Array(AppleLivePhotoEXIF.tiff(contentIdentifier: Self.identifier).dropLast(20))
        #expect(EXIFSummary(tiff: cut).facts.contentIdentifier == nil)
    }
}
