import Foundation
import Testing
@testable import GalgenCore

/// Issue 15: `sort: date` for photos without an EXIF date reads the date in their names.
@Suite("FileNameDate")
struct FileNameDateTests {
    @Test("Camera, phone and app names give their date and time", arguments: [
        ("IMG_20240612_153012.jpg", "2024-06-12T15:30:12.000"),
        ("IMG_20240612_153012_123.jpg", "2024-06-12T15:30:12.123"),
        ("IMG_20240612_153012_HDR.jpg", "2024-06-12T15:30:12.000"),
        ("MVIMG_20240612_153012.jpg", "2024-06-12T15:30:12.000"),
        ("VID_20240612_153012.mp4", "2024-06-12T15:30:12.000"),
        ("20240612_153012.jpg", "2024-06-12T15:30:12.000"),
        ("20240612_153012(0).jpg", "2024-06-12T15:30:12.000"),
        ("20240612153012.jpg", "2024-06-12T15:30:12.000"),
        ("00100lrPORTRAIT_00100_BURST20240612153012345_COVER.jpg", "2024-06-12T15:30:12.345"),
        ("IMG-20240612-WA0003.jpg", "2024-06-12T00:00:00.000"),
        ("Screenshot_20240612-153012.png", "2024-06-12T15:30:12.000"),
        ("Screenshot_20240612-153012_Chrome.jpg", "2024-06-12T15:30:12.000"),
        ("Screenshot_2024-06-12-15-30-12-123_com.android.chrome.jpg", "2024-06-12T15:30:12.123"),
        ("Screenshot 2024-06-12 at 15.30.12.png", "2024-06-12T15:30:12.000"),
        ("Screen Shot 2020-06-12 at 3.30.12 PM.png", "2020-06-12T15:30:12.000"),
        ("Screenshot 2023-06-12 at 12.05.09\u{202F}AM.png", "2023-06-12T00:05:09.000"),
        ("Screenshot 2023-06-12 at 12.05.09\u{202F}PM (2).png", "2023-06-12T12:05:09.000"),
        ("WhatsApp Image 2024-06-12 at 15.30.12.jpeg", "2024-06-12T15:30:12.000"),
        ("WhatsApp Image 2024-06-12 at 15.30.12 (1).jpeg", "2024-06-12T15:30:12.000"),
        ("2024-06-12 15.30.12.jpg", "2024-06-12T15:30:12.000"),
        ("2024-06-12 15.30.12-1.jpg", "2024-06-12T15:30:12.000"),
        ("2024-06-12 15-30-12", "2024-06-12T15:30:12.000"),
        ("2024-06-12T15:30:12", "2024-06-12T15:30:12.000"),
        ("2024-06-12T15:30:12.250.jpg", "2024-06-12T15:30:12.250"),
        ("2024-06-12T153012.jpg", "2024-06-12T15:30:12.000"),
        ("signal-2024-06-12-153012.jpg", "2024-06-12T15:30:12.000"),
        ("signal-2024-06-12-15-30-12-123.jpg", "2024-06-12T15:30:12.123"),
        ("photo_2024-06-12_15-30-12.jpg", "2024-06-12T15:30:12.000"),
        ("2024-06-12.jpg", "2024-06-12T00:00:00.000"),
        ("2024-06-12-1.jpg", "2024-06-12T00:00:00.000"),
        ("2024-06-12_001.jpg", "2024-06-12T00:00:00.000"),
        ("photo 2024_06_12", "2024-06-12T00:00:00.000"),
        ("scan 2024.06.12.jpg", "2024-06-12T00:00:00.000"),
        ("IMG_20240229_120000.jpg", "2024-02-29T12:00:00.000"),
        ("1826-01-01.jpg", "1826-01-01T00:00:00.000"),
        ("2200-12-31.jpg", "2200-12-31T00:00:00.000"),
        ("2023 trip 2024-06-12.jpg", "2024-06-12T00:00:00.000"),
        ("IMG_20241345_120000 20240612.jpg", "2024-06-12T00:00:00.000"),
        ("photos/2019/IMG_20240612_153012.jpg", "2024-06-12T15:30:12.000"),
    ])
    func dates(_ name: String, _ expected: String) {
        #expect(FileNameDate.parse(name)?.description == expected)
        #expect(FileNameDate.parse(name)?.hasOffset == false)
    }

    @Test("Pixel names are in UTC, so they are instants", arguments: [
        ("PXL_20240612_153012345.jpg", "2024-06-12T15:30:12.345Z"),
        ("PXL_20240612_153012345.MP.jpg", "2024-06-12T15:30:12.345Z"),
        ("PXL_20240612_153012345~2.jpg", "2024-06-12T15:30:12.345Z"),
        ("PXL_20240612_153012345.NIGHT.jpg", "2024-06-12T15:30:12.345Z"),
    ])
    func pixel(_ name: String, _ expected: String) {
        #expect(FileNameDate.parse(name)?.description == expected)
        #expect(FileNameDate.parse(name) == CaptureTime(year: 2024, month: 6, day: 12, hour: 15, minute: 30, second: 12,
                                                        millisecond: 345, offsetMinutes: 0))
    }

    @Test("An impossible time leaves the date", arguments: [
        "IMG_20240612_256099.jpg", "2024-06-12 25.30.12.jpg", "Screen Shot 2020-06-12 at 13.30.12 PM.png", "2024-06-12 15.61.00.jpg",
    ])
    func impossibleTimes(_ name: String) {
        #expect(FileNameDate.parse(name)?.description.hasSuffix("T00:00:00.000") == true, "\(name)")
    }

    @Test("Names without a date, or with digits that only look like one", arguments: [
        "", "IMG_1234.JPG", "DSC01234.JPG", "DSC_0001.JPG", "GOPR0123.JPG", "P1020304.jpg", "Scan 0001.jpg", "v1.2.3.jpg",
        "2024.jpg", "IMG_2024.jpg", "DSC_202406121234567.jpg", "IMG_2024061.jpg", "IMG_202406123.jpg",
        "IMG_20241345_120000.jpg", "20241301.jpg", "20240230.jpg", "20230229.jpg", "2024-02-30.jpg", "2024-13-01.jpg",
        "1825-12-31.jpg", "2201-01-01.jpg", "18251231_120000.jpg", "12345678.jpg", "00000000.jpg", "99999999.jpg",
        "2024-6-12.jpg", "2024-06_12.jpg", "2024-06-1.jpg", "2024-006-12.jpg", "12024-06-12.jpg", "2024-06-123.jpg",
        "Day 2024 06 12.jpg", "2024061215301.jpg", "202406121530123.jpg", "2024061215301234.jpg",
        "２０２４-０６-１２.jpg", "2019-01-01/IMG_1234.jpg",
    ])
    func noDate(_ name: String) {
        #expect(FileNameDate.parse(name) == nil, "\(name)")
    }

    @Test func tenThousandNamesAreQuick() {
        let names = (0..<10_000).map { index in
            ["IMG_2024\(String(format: "%02d%02d", index % 12 + 1, index % 28 + 1))_153012.jpg",
             "Screenshot 2024-06-12 at 15.30.\(String(format: "%02d", index % 60)).png",
             "DSC\(String(format: "%05d", index)).JPG", "PXL_20240612_153012345.jpg"][index % 4]
        }
        let clock = ContinuousClock()
        var found = 0
        let elapsed = clock.measure {
            for name in names where FileNameDate.parse(name) != nil { found += 1 }
        }
        #expect(found == 7500)
        // About 0.15 s in a debug build here; the bound only catches something pathological.
        #expect(elapsed < .seconds(3), "\(elapsed)")
    }
}
