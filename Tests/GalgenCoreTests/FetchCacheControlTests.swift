import Testing
@testable import GalgenCore

@Suite("Fetch: Cache-Control")
struct FetchCacheControlTests {
    @Test func absentHeaderMeansNoDirectives() {
        #expect(CacheControl(parsing: nil) == CacheControl(maxAge: nil, noCache: false, noStore: false))
        #expect(CacheControl(parsing: "") == CacheControl())
    }

    @Test("max-age", arguments: [
        ("max-age=3600", 3600), ("max-age=0", 0), ("max-age=\"60\"", 60), ("public, max-age=30, must-revalidate", 30),
        ("  max-age=45  ", 45), ("max-age = 45", 45), (",,max-age=5,,", 5), ("MAX-AGE=7", 7), ("Max-Age=8", 8),
    ])
    func maxAge(_ header: String, _ seconds: Int) {
        #expect(CacheControl(parsing: header).maxAge == seconds)
    }

    @Test("An invalid max-age is 0: stale, never ignored", arguments: [
        "max-age", "max-age=", "max-age=abc", "max-age=-5", "max-age=1.5", "max-age=10s", "max-age=\"\"",
    ])
    func invalidMaxAge(_ header: String) {
        #expect(CacheControl(parsing: header).maxAge == 0)
    }

    @Test("Two max-age values: the smaller wins, whatever the order", arguments: [
        ("max-age=100, max-age=50", 50), ("max-age=50, max-age=100", 50), ("max-age=50,max-age=\"100\"", 50),
        ("max-age=100, max-age=abc, max-age=50", 0),
    ])
    func twoMaxAges(_ header: String, _ seconds: Int) {
        #expect(CacheControl(parsing: header).maxAge == seconds)
    }

    @Test("Directives that are not max-age do not set it", arguments: [
        "s-maxage=100", "max-stale=100", "min-fresh=100", "public", "private", "immutable", "stale-while-revalidate=60",
    ])
    func otherDirectives(_ header: String) {
        #expect(CacheControl(parsing: header) == CacheControl())
    }

    @Test("no-cache and no-store", arguments: [
        ("no-cache", true, false), ("no-store", false, true), ("no-cache, no-store", true, true),
        ("NO-CACHE", true, false), ("No-Store", false, true), (" no-store ,public", false, true),
        ("no-cacheX", false, false), ("x-no-store", false, false), ("public", false, false),
    ])
    func flags(_ header: String, _ noCache: Bool, _ noStore: Bool) {
        let control = CacheControl(parsing: header)
        #expect(control.noCache == noCache)
        #expect(control.noStore == noStore)
    }

    @Test("Directives without a name are skipped (found by fuzz/: a bare '=' crashed the build)", arguments: [
        ("=", CacheControl()), ("=5", CacheControl()), (" = ", CacheControl()), ("max-age=5, =, no-store", CacheControl(maxAge: 5, noStore: true)),
        ("==", CacheControl()), ("\"=\"", CacheControl()),
    ])
    func namelessDirectives(_ header: String, _ expected: CacheControl) {
        #expect(CacheControl(parsing: header) == expected)
    }

    @Test func everythingAtOnce() {
        #expect(CacheControl(parsing: "Public, NO-Cache, max-age=\"120\", No-Store")
                == CacheControl(maxAge: 120, noCache: true, noStore: true))
    }

    @Test("Commas inside quoted values do not split directives", arguments: [
        ("private=\"X-Foo, no-store, X-Bar\", max-age=30", CacheControl(maxAge: 30)),
        ("ext=\"a, max-age=5\", max-age=30", CacheControl(maxAge: 30)),
        ("ext=\"Set-Cookie, max-age=1\", no-cache", CacheControl(noCache: true)),
        ("ext=\"a, no-cache, no-store, b\"", CacheControl()),
    ])
    func quotedCommas(_ header: String, _ expected: CacheControl) {
        #expect(CacheControl(parsing: header) == expected)
    }

    @Test func severalHeaderFieldsAreOneList() {
        let head = HTTPHead(status: 200, headers: [("Cache-Control", "max-age=600"), ("cache-control", "no-store")])
        #expect(head["Cache-Control"] == "max-age=600, no-store")
        #expect(CacheControl(parsing: head["Cache-Control"]) == CacheControl(maxAge: 600, noStore: true))
    }
}
