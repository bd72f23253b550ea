import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Issue 17: overview pages of 100 photos, their pagination and their tiles.
@Suite("OverviewLayout")
struct OverviewLayoutTests {
    @Test("Page counts", arguments: [(0, 1), (1, 1), (99, 1), (100, 1), (101, 2), (200, 2), (201, 3), (10_000, 100), (10_001, 101)])
    func pageCount(_ photos: Int, _ pages: Int) {
        #expect(OverviewLayout.pageCount(photos: photos) == pages)
    }

    @Test("The page holding a photo", arguments: [(0, 1), (1, 1), (99, 1), (100, 2), (199, 2), (200, 3), (9_999, 100)])
    func pageOfIndex(_ index: Int, _ page: Int) {
        #expect(OverviewLayout.page(of: index) == page)
    }

    @Test("The photos of a page", arguments: [
        (1, 0, 0..<0), (1, 1, 0..<1), (1, 100, 0..<100), (1, 101, 0..<100), (2, 101, 100..<101),
        (2, 250, 100..<200), (3, 250, 200..<250), (100, 10_000, 9_900..<10_000),
        (0, 250, 0..<0), (-5, 250, 0..<0), (4, 250, 250..<250), (.max, 250, 250..<250),
    ])
    func rangeOfPage(_ page: Int, _ photos: Int, _ range: Range<Int>) {
        #expect(OverviewLayout.range(ofPage: page, photos: photos) == range)
    }

    @Test func pagesAndRangesAgree() {
        let photos = 1_234
        let pages = OverviewLayout.pageCount(photos: photos)
        let ranges = (1...pages).map { OverviewLayout.range(ofPage: $0, photos: photos) }
        #expect(ranges.flatMap { Array($0) } == Array(0..<photos))
        for index in [0, 99, 100, 617, 1_199, 1_200, 1_233] {
            #expect(ranges[OverviewLayout.page(of: index) - 1].contains(index))
        }
    }

    @Test("Page numbers for the nav", arguments: [
        (1, 1, [1]), (1, 2, [1, 2]), (2, 2, [1, 2]), (1, 5, [1, 2, 3, 4, 5]), (3, 5, [1, 2, 3, 4, 5]),
        (1, 100, [1, 2, 3, 100]), (2, 100, [1, 2, 3, 4, 100]), (3, 100, [1, 2, 3, 4, 5, 100]),
        (4, 100, [1, 2, 3, 4, 5, 6, 100]), (5, 100, [1, 2, 3, 4, 5, 6, 7, 100]),
        (6, 100, [1, 4, 5, 6, 7, 8, 100]), (50, 100, [1, 48, 49, 50, 51, 52, 100]),
        (95, 100, [1, 93, 94, 95, 96, 97, 100]), (96, 100, [1, 94, 95, 96, 97, 98, 99, 100]), (97, 100, [1, 95, 96, 97, 98, 99, 100]),
        (100, 100, [1, 98, 99, 100]), (0, 100, [1, 2, 3, 100]), (101, 100, [1, 98, 99, 100]),
    ])
    func pageNumbers(_ current: Int, _ count: Int, _ numbers: [Int]) {
        #expect(OverviewLayout.pageNumbers(current: current, count: count) == numbers)
    }

    @Test func pageNumbersWithOtherRadii() {
        #expect(OverviewLayout.pageNumbers(current: 50, count: 100, radius: 0) == [1, 50, 100])
        #expect(OverviewLayout.pageNumbers(current: 50, count: 100, radius: 1) == [1, 49, 50, 51, 100])
        #expect(OverviewLayout.pageNumbers(current: 3, count: 100, radius: 1) == [1, 2, 3, 4, 100])
        #expect(OverviewLayout.pageNumbers(current: 50, count: 100, radius: .max) == Array(1...100))
        #expect(OverviewLayout.pageNumbers(current: 1, count: 0).isEmpty)
    }

    @Test func pageNumbersAreSortedUniqueAndHoldTheEndsAndCurrent() {
        for count in 1...30 {
            for current in 1...count {
                let numbers = OverviewLayout.pageNumbers(current: current, count: count)
                #expect(numbers == Array(Set(numbers)).sorted())
                #expect(numbers.first == 1 && numbers.last == count && numbers.contains(current))
                // No gap hides a single page.
                #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 - $0 != 2 })
            }
        }
    }

    @Test func tilesOfAFullRowShareItsWidth() {
        // 1.5 + 1.5 + 4/3 = 4.33: one full row (not the last, so two more follow).
        let rows = OverviewLayout.tiles(aspects: [1.5, 1.5, 4.0 / 3, 1.5, 1.5, 4.0 / 3, 1, 1])
        #expect(rows.count == 3)
        let first = rows[0]
        #expect(first.fillerWidth == nil)
        #expect(first.tiles.map(\.index) == [0, 1, 2])
        #expect(first.tiles.map(\.widthAttribute) == [1500, 1500, 1333])
        #expect(first.tiles.allSatisfy { $0.heightAttribute == 1000 })
        // Shares 1.5/4.333 = 0.346 and 1.333/4.333 = 0.308 of 1040 px and of 100vw, rounded up.
        #expect(first.tiles.map(\.sizes) == [
            "(min-width: 1100px) 360px, 35vw", "(min-width: 1100px) 360px, 35vw", "(min-width: 1100px) 320px, 31vw",
        ])
    }

    @Test func aRaggedRowGetsAFillerAndSharesOfTheTarget() {
        let rows = OverviewLayout.tiles(aspects: [1.5, 1.5, 4.0 / 3, 1.5])
        #expect(rows.count == 2)
        let last = rows[1]
        #expect(last.tiles.map(\.index) == [3])
        // T − 1.5 = 4.333 − 1.5 = 2.833.
        #expect(last.fillerWidth == 2833)
        #expect(last.tiles[0].sizes == "(min-width: 1100px) 360px, 35vw")
    }

    @Test func aLastRowWiderThanTheTargetHasNoFiller() {
        let rows = OverviewLayout.tiles(aspects: [1.5, 1.5, 1.5])
        #expect(rows.count == 1 && rows[0].fillerWidth == nil)
        // Each a third of the row: 346.67 px and 33.3vw, rounded up.
        #expect(rows[0].tiles.map(\.sizes) == Array(repeating: "(min-width: 1100px) 347px, 34vw", count: 3))
    }

    @Test func aPanoramaFillsItsRow() {
        let rows = OverviewLayout.tiles(aspects: [1.5, 1.5, 1.5, 10, 1.5, 1.5, 1.5])
        let panorama = rows.first { $0.tiles.map(\.index) == [3] }
        #expect(panorama?.tiles[0].widthAttribute == 10_000)
        #expect(panorama?.tiles[0].sizes == "(min-width: 1100px) 1040px, 100vw")
    }

    @Test func unmeasurableAspectsAreSquareTiles() {
        let rows = OverviewLayout.tiles(aspects: [.nan, 0])
        #expect(rows.flatMap(\.tiles).map(\.widthAttribute) == [1000, 1000])
        #expect(OverviewLayout.widthAttribute(aspect: 1e-9) == 1)
        #expect(OverviewLayout.widthAttribute(aspect: 1e300) == 1_000_000)
    }

    @Test func aPageOfTilesCoversEachPhotoOnce() {
        let aspects = JustifiedRowsTests.mixed(100)
        let rows = OverviewLayout.tiles(aspects: aspects)
        #expect(rows.flatMap(\.tiles).map(\.index) == Array(0..<100))
        #expect(rows.allSatisfy { $0.tiles.count <= OverviewLayout.maxPerRow })
        #expect(rows.dropLast().allSatisfy { $0.fillerWidth == nil })
        // Slot widths of a full row add up to the content width, give or take the rounding up.
        for row in rows where row.fillerWidth == nil {
            let pixels = row.tiles.map { Int($0.sizes.split(separator: " ")[2].dropLast(3))! }.reduce(0, +)
            #expect((1040...(1040 + row.tiles.count)).contains(pixels), "\(row)")
        }
    }
}
