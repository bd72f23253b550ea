import GalgenBuild
import GalgenCore

/// The bytes of a zip's records, exactly as `ZipLayout` sizes them: little-endian, stored
/// entries, UTF-8 names, every time 1980-01-01 00:00 (the earliest a zip can say, so no build's
/// clock or file system leaks in), permissions rw-r--r--, and no extra field but ZIP64's.
enum ZipRecords {
    /// MS-DOS date of 1980-01-01 (day 1, month 1, year 0) and time 00:00:00.
    static let dosDate: UInt16 = (1 << 5) | 1
    static let dosTime: UInt16 = 0
    /// Made by Unix (3), spec 4.5; a regular file, rw-r--r--.
    static let madeBy: UInt16 = (3 << 8) | 45
    static let externalAttributes: UInt32 = 0o100644 << 16
    static let utf8Flag: UInt16 = 1 << 11

    static func local(name: [UInt8], size: Int64, crc: UInt32) -> [UInt8] {
        var bytes = Bytes()
        let zip64 = ZipLayout.needsZip64(size: size)
        bytes.u32(0x0403_4b50)
        bytes.u16(zip64 ? 45 : 20)
        bytes.u16(utf8Flag)
        bytes.u16(0)  // stored
        bytes.u16(dosTime)
        bytes.u16(dosDate)
        bytes.u32(crc)
        bytes.u32(zip64 ? UInt32.max : UInt32(size))
        bytes.u32(zip64 ? UInt32.max : UInt32(size))
        bytes.u16(UInt16(name.count))
        bytes.u16(zip64 ? 20 : 0)
        bytes.data += name
        if zip64 {
            bytes.u16(0x0001)
            bytes.u16(16)
            bytes.u64(UInt64(size))
            bytes.u64(UInt64(size))
        }
        return bytes.data
    }

    static func central(name: [UInt8], size: Int64, crc: UInt32, offset: Int64) -> [UInt8] {
        var bytes = Bytes()
        let bigSize = ZipLayout.needsZip64(size: size), bigOffset = offset >= ZipLayout.limit32
        let values = ZipLayout.zip64Values(size: size, offset: offset)
        bytes.u32(0x0201_4b50)
        bytes.u16(madeBy)
        bytes.u16(values > 0 ? 45 : 20)
        bytes.u16(utf8Flag)
        bytes.u16(0)
        bytes.u16(dosTime)
        bytes.u16(dosDate)
        bytes.u32(crc)
        bytes.u32(bigSize ? UInt32.max : UInt32(size))
        bytes.u32(bigSize ? UInt32.max : UInt32(size))
        bytes.u16(UInt16(name.count))
        bytes.u16(values > 0 ? UInt16(4 + 8 * values) : 0)
        bytes.u16(0)  // comment
        bytes.u16(0)  // disk
        bytes.u16(0)  // internal attributes
        bytes.u32(externalAttributes)
        bytes.u32(bigOffset ? UInt32.max : UInt32(offset))
        bytes.data += name
        if values > 0 {
            bytes.u16(0x0001)
            bytes.u16(UInt16(8 * values))
            if bigSize {
                bytes.u64(UInt64(size))
                bytes.u64(UInt64(size))
            }
            if bigOffset { bytes.u64(UInt64(offset)) }
        }
        return bytes.data
    }

    /// The end of central directory record, after ZIP64's record and locator when it needs them.
    static func end(count: Int, directorySize: Int64, directoryOffset: Int64) -> [UInt8] {
        var bytes = Bytes()
        let zip64 = ZipLayout.needsZip64End(count: count, directorySize: directorySize, directoryOffset: directoryOffset)
        if zip64 {
            let recordOffset = directoryOffset + directorySize
            bytes.u32(0x0606_4b50)
            bytes.u64(44)
            bytes.u16(madeBy)
            bytes.u16(45)
            bytes.u32(0)
            bytes.u32(0)
            bytes.u64(UInt64(count))
            bytes.u64(UInt64(count))
            bytes.u64(UInt64(directorySize))
            bytes.u64(UInt64(directoryOffset))
            bytes.u32(0x0706_4b50)
            bytes.u32(0)
            bytes.u64(UInt64(recordOffset))
            bytes.u32(1)
        }
        let count16 = count >= ZipLayout.limit16 ? UInt16.max : UInt16(count)
        bytes.u32(0x0605_4b50)
        bytes.u16(0)
        bytes.u16(0)
        bytes.u16(count16)
        bytes.u16(count16)
        bytes.u32(directorySize >= ZipLayout.limit32 ? UInt32.max : UInt32(directorySize))
        bytes.u32(directoryOffset >= ZipLayout.limit32 ? UInt32.max : UInt32(directoryOffset))
        bytes.u16(0)  // comment
        return bytes.data
    }

    struct Bytes {
        var data: [UInt8] = []
        mutating func u16(_ value: UInt16) { data += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        mutating func u32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
        mutating func u64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { data.append(UInt8((value >> UInt64(shift)) & 0xFF)) } }
    }
}
