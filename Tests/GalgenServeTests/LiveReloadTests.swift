import Foundation
import GalgenSiteTemplate
import Testing
@testable import GalgenServe

@Suite struct LiveReloadTests {
    @Test func theScriptGoesBeforeTheEndOfHead() {
        let page = "<html><head><title>x</title></head><body>b</body></html>"
        #expect(LiveReload.inject(into: page, generation: "s-3")
            == "<html><head><title>x</title><script src=\"/__galgen/live.js\" data-generation=\"s-3\" defer></script>\n</head><body>b</body></html>")
    }

    @Test func withoutAHeadItGoesBeforeTheEndOfBodyOrAtTheEnd() {
        #expect(LiveReload.inject(into: "<p>İİ</p></BODY>", generation: "g").hasSuffix("defer></script>\n</BODY>"))
        #expect(LiveReload.inject(into: "<p>x</p>", generation: "g").hasPrefix("<p>x</p><script src="))
    }

    @Test func theMetaPolicyLetsTheScriptReachTheEventsEndpoint() {
        let page = #"<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'"><meta name="x" content="y"></head>"#
        let served = LiveReload.inject(into: page, generation: "g")
        #expect(served.contains(#"content="default-src 'none'; script-src 'self'; connect-src 'self'">"#))
        #expect(served.contains(#"<meta name="x" content="y">"#))
    }

    @Test func connectSourcesAreWidenedNotReplaced() {
        #expect(LiveReload.allowingEvents("default-src 'none'") == "default-src 'none'; connect-src 'self'")
        #expect(LiveReload.allowingEvents("connect-src 'none'; img-src *") == "connect-src 'self'; img-src *")
        #expect(LiveReload.allowingEvents("connect-src https://api.example") == "connect-src https://api.example 'self'")
        #expect(LiveReload.allowingEvents("connect-src 'self';") == "connect-src 'self'")
    }

    /// The header the server sends is the built-in page's own policy, which already lets
    /// scripts connect to the site itself (gallery.js fetches pages, live.js the events).
    @Test func theHeaderPolicyIsThePagePolicy() throws {
        let head = String(decoding: try #require(BuiltInTemplate.files["head.mustache"]), as: UTF8.self)
        #expect(head.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(LiveReload.pagePolicy)\">"))
        #expect(LiveReload.headerPolicy == LiveReload.pagePolicy)
    }

    @Test func eventsCarryTheVersionAndTheError() async {
        let events = LiveEvents(session: "s")
        var stream = events.subscribe().makeAsyncIterator()
        #expect(await stream.next() == "event: state\ndata: {\"generation\":\"s-0\"}\n\n")
        events.publish(siteChanged: false, error: "gallery.yml:3:1: bad\nline two")
        #expect(await stream.next() == "event: state\ndata: {\"error\":\"gallery.yml:3:1: bad\\nline two\",\"generation\":\"s-0\"}\n\n")
        events.publish(siteChanged: true, error: nil)
        #expect(await stream.next() == "event: state\ndata: {\"generation\":\"s-1\"}\n\n")
        #expect(events.openStreams == 1)
        events.finishAll()
        #expect(await stream.next() == nil)
        #expect(events.openStreams == 0)
        // A page that connects once the server is stopping hears the state, then the end: it is
        // not left waiting on a stream nobody will finish (this once hung a test run).
        var late = events.subscribe().makeAsyncIterator()
        #expect(await late.next() == "event: state\ndata: {\"generation\":\"s-1\"}\n\n")
        #expect(await late.next() == nil)
        #expect(events.openStreams == 0)
    }
}
