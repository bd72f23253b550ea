import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Issue 17: a photo page shows the segments of a window of photos around its own.
@Suite("SegmentWindow")
struct SegmentWindowTests {
    @Test("Windows of 11 around the selection, slid inwards at the ends", arguments: [
        (0, 100, 0..<11), (1, 100, 0..<11), (5, 100, 0..<11), (6, 100, 1..<12), (50, 100, 45..<56),
        (94, 100, 89..<100), (95, 100, 89..<100), (99, 100, 89..<100),
        (0, 11, 0..<11), (10, 11, 0..<11), (6, 12, 1..<12), (3, 12, 0..<11),
    ])
    func window(_ selected: Int, _ count: Int, _ expected: Range<Int>) {
        let window = SegmentWindow.range(selected: selected, count: count)
        #expect(window == expected)
        #expect(window.contains(selected))
    }

    @Test("Small albums show every photo", arguments: 1...11)
    func smallAlbumsShowAll(count: Int) {
        for selected in 0..<count {
            #expect(SegmentWindow.range(selected: selected, count: count) == 0..<count)
        }
    }

    @Test func everyWindowHoldsTheSameNumberAndTheSelection() {
        for count in [12, 13, 50, 1000] {
            for selected in 0..<count {
                let window = SegmentWindow.range(selected: selected, count: count)
                #expect(window.count == 11 && window.contains(selected))
                #expect(window.lowerBound >= 0 && window.upperBound <= count)
            }
        }
    }

    @Test func otherRadii() {
        #expect(SegmentWindow.range(selected: 4, count: 10, radius: 2) == 2..<7)
        #expect(SegmentWindow.range(selected: 4, count: 10, radius: 0) == 4..<5)
        #expect(SegmentWindow.range(selected: 4, count: 10, radius: -3) == 4..<5)
        #expect(SegmentWindow.range(selected: 4, count: 10, radius: .max) == 0..<10)
    }

    @Test func outOfRangeSelectionsTakeTheNearestEnd() {
        #expect(SegmentWindow.range(selected: -4, count: 100) == 0..<11)
        #expect(SegmentWindow.range(selected: 100, count: 100) == 89..<100)
        #expect(SegmentWindow.range(selected: 0, count: 0) == 0..<0)
        #expect(SegmentWindow.range(selected: 3, count: -1) == 0..<0)
    }
}
