import Foundation
import Testing
@testable import GalgenCore

@Suite("Fetch: HTTPDate")
struct FetchHTTPDateTests {
    /// RFC 9110 §5.6.7's example instant in all three forms.
    static let example: TimeInterval = 784_111_777

    @Test("The three forms of RFC 9110's example parse to the same instant", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",   // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850
        "Sun Nov  6 08:49:37 1994",        // asctime, day padded with a space
        "Sun Nov 6 08:49:37 1994",         // asctime, single space
    ])
    func threeForms(_ text: String) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == Self.example)
    }

    @Test("IMF-fixdate to the exact second", arguments: [
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Wed, 31 Dec 1969 23:59:59 GMT", -1),
        ("Tue, 29 Feb 2000 23:59:59 GMT", 951_868_799),
        ("Mon, 01 Jul 2024 12:00:00 GMT", 1_719_835_200),
        ("Tue, 19 Jan 2038 03:14:08 GMT", 2_147_483_648),
        ("Fri, 31 Dec 1999 23:59:60 GMT", 946_684_800),  // a leap second is the next second
    ] as [(String, TimeInterval)])
    func imfFixdate(_ text: String, _ epoch: TimeInterval) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == epoch)
    }

    @Test("RFC 850 two-digit years: 70…99 are 19xx, 00…69 are 20xx", arguments: [
        ("Thursday, 01-Jan-70 00:00:00 GMT", 0),
        ("Wednesday, 01-Jan-25 00:00:00 GMT", 1_735_689_600),
        ("Tuesday, 01-Jan-69 00:00:00 GMT", 3_124_224_000),
        ("Tuesday, 29-Feb-00 23:59:59 GMT", 951_868_799),
    ] as [(String, TimeInterval)])
    func rfc850(_ text: String, _ epoch: TimeInterval) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == epoch)
    }

    @Test func asctimeWithATwoDigitDay() {
        #expect(HTTPDate.parse("Mon Jul  1 12:00:00 2024")?.timeIntervalSince1970 == 1_719_835_200)
        #expect(HTTPDate.parse("Mon Jul 01 12:00:00 2024")?.timeIntervalSince1970 == 1_719_835_200)
    }

    @Test("Month names are case-insensitive; the weekday is not checked", arguments: [
        "Sun, 06 NOV 1994 08:49:37 GMT", "sun, 06 nov 1994 08:49:37 GMT", "Mon, 06 Nov 1994 08:49:37 GMT",
    ])
    func lenientNames(_ text: String) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == Self.example)
    }

    @Test("Anything else is nil", arguments: [
        "", "garbage", "0", "-1", "1994-11-06T08:49:37Z", "784111777",
        "Sun, 06 Nov 1994 08:49:37 UTC",    // only GMT
        "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 06 Nov 1994 08:49:37",        // no zone
        "Sun, 06 Foo 1994 08:49:37 GMT",    // month
        "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT",      // IMF needs four digits
        "Sun, 06 Nov 19945 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT",
        "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 1994 08:49:37:00 GMT", "Sun, 06 Nov 1994 8h49m37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT", // RFC 850 needs two digits
        "Sunday, 06-Nov 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 UTC", "Sunday, xx-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 94", "Sun Foo  6 08:49:37 1994", "Sun Nov  6 25:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 GMT extra",
    ])
    func garbage(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func formatWritesIMFFixdate() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: Self.example)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test(arguments: [0, 1_719_835_200, 951_868_799, 4_102_444_799] as [TimeInterval])
    func formatRoundTrips(_ epoch: TimeInterval) {
        #expect(HTTPDate.parse(HTTPDate.format(Date(timeIntervalSince1970: epoch)))?.timeIntervalSince1970 == epoch)
    }
}
