/// The EXIF an iPhone writes for a Live Photo's still, reduced to what pairs it with its motion:
/// IFD0 → Exif IFD → Apple's MakerNote, whose tag 0x0011 is the content identifier (big-endian
/// TIFF, as Apple writes it).
public enum AppleLivePhotoEXIF {
    /// `jpeg` with an APP1 Exif segment holding `identifier` right after its SOI.
    public static func jpeg(_ jpeg: [UInt8], contentIdentifier identifier: String) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff(contentIdentifier: identifier)
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    public static func tiff(contentIdentifier identifier: String) -> [UInt8] {
        let value = Array(identifier.utf8) + [0]
        var note = Array("Apple iOS".utf8) + [0, 0x00, 0x01] + Array("MM".utf8)
        note += u16(1) + u16(0x0011) + u16(2) + u32(value.count) + u32(32) + u32(0)
        note += value
        let exifIFD = 26, noteOffset = 44
        var tiff = Array("MM".utf8) + u16(42) + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
        tiff += u16(1) + u16(0x927C) + u16(7) + u32(note.count) + u32(noteOffset) + u32(0)
        return tiff + note
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
}
