import Testing
@testable import GalgenServe

/// Which connection the server closes to make room: the one idle longest, never one answering.
@Suite struct ConnectionRosterTests {
    @Test func belowCapacityNothingIsClosed() {
        var roster = ConnectionRoster<Int>(capacity: 4)
        #expect((1...3).map { roster.opened($0) } == [nil, nil, nil])
        #expect(roster.count == 3)
    }

    @Test func atCapacityTheConnectionIdleLongestMakesRoom() {
        var roster = ConnectionRoster<Int>(capacity: 3)
        _ = roster.opened(1)
        _ = roster.opened(2)
        #expect(roster.opened(3) == 1)
        #expect(roster.count == 2)
        #expect(roster.opened(4) == 2)
        #expect(roster.opened(5) == 3)
    }

    @Test func aConnectionAnsweringIsNeverClosedAndOneThatAnsweredIsIdleFromThen() {
        var roster = ConnectionRoster<Int>(capacity: 3)
        _ = roster.opened(1)  // the live-reload events: a response that does not end
        roster.requestStarted(1)
        _ = roster.opened(2)  // a page: asked, answered, kept alive
        roster.requestStarted(2)
        roster.responseEnded(2)
        #expect(roster.opened(3) == 2)
        // 3 is the newest, but the only one idle.
        #expect(roster.opened(4) == 3)
    }

    @Test func whenEveryOtherConnectionIsBusyTheServerIsFull() {
        var roster = ConnectionRoster<Int>(capacity: 2)
        _ = roster.opened(1)
        roster.requestStarted(1)
        #expect(roster.opened(2) == nil, "the new connection is not closed for itself")
        #expect(roster.count == 2)
    }

    @Test func pipelinedRequestsKeepItBusyUntilTheLastResponseEnds() {
        var roster = ConnectionRoster<Int>(capacity: 2)
        _ = roster.opened(1)
        roster.requestStarted(1)
        roster.requestStarted(1)
        roster.responseEnded(1)
        #expect(roster.opened(2) == nil)
        roster.requestStarted(2)
        #expect(roster.opened(3) == nil)
        roster.responseEnded(1)
        #expect(roster.opened(4) == 3, "3 has been idle since it opened, before 1 ended its last response")
        #expect(roster.opened(5) == 1)
    }

    @Test func outOfDescriptorsTheLongestIdleGoFirstAndAreNotCountedAgain() {
        var roster = ConnectionRoster<Int>(capacity: 100)
        for id in 1...5 { _ = roster.opened(id) }
        roster.requestStarted(2)
        roster.requestStarted(1)
        roster.responseEnded(1)  // idle again, since after 5 opened
        #expect(roster.evict(3) == [3, 4, 5])
        #expect(roster.evict(3) == [1])
        #expect(roster.evict(3) == [])
        #expect(roster.count == 1)
        roster.closed(3)
        roster.closed(2)
        #expect(roster.count == 0)
    }

    @Test func outOfDescriptorsTheCapDropsToThreeQuartersOfWhatIsOpen() {
        var roster = ConnectionRoster<Int>(capacity: 512)
        for id in 1...40 { _ = roster.opened(id) }
        roster.requestStarted(1)
        // 30 may stay open: 11 go (down to 29, and one more place for the connection waiting).
        #expect(roster.descriptorsRanOut(closingAtLeast: 8) == Array(2...12))
        #expect(roster.capacity == 30 && roster.count == 29)
        #expect(roster.opened(41) == 13, "at the new cap, a new connection makes room")
        // Never below 4, and at least `closingAtLeast` go.
        for _ in 0..<10 { _ = roster.descriptorsRanOut(closingAtLeast: 8) }
        #expect(roster.capacity == 4 && roster.count == 1)
    }
}
