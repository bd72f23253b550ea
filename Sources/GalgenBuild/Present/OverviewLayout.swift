import GalgenCore

/// An album's overview: its photos in pages of `photosPerPage`, each page's photos in justified
/// rows, and the page numbers a pagination nav links to. Pure arithmetic on counts and aspects.
///
/// Rows are laid out per page, so a photo whose aspect ratio changes moves only its own page.
enum OverviewLayout {
    static let photosPerPage = 100
    /// The content column's widest width in CSS pixels, reached at `wideViewport` and above.
    static let contentWidth = 1040
    static let wideViewport = 1100
    /// A row's height, in CSS pixels at the widest content column, when its aspect sum is the target.
    static let targetRowHeight = 240
    static let targetRowAspect = Double(contentWidth) / Double(targetRowHeight)
    static let maxPerRow = 8
    /// The `height` attribute of every tile: the flex row shrinks tiles in proportion to their
    /// `width` attribute, so it only sets the scale of the integers (three digits of aspect).
    static let heightAttribute = 1000

    /// The number of overview pages: at least 1, so an empty album still has its page.
    static func pageCount(photos: Int) -> Int {
        guard photos > photosPerPage else { return 1 }
        return (photos - 1) / photosPerPage + 1
    }

    /// The 1-based overview page showing the photo at this 0-based index.
    static func page(of index: Int) -> Int {
        max(0, index) / photosPerPage + 1
    }

    /// The indices of the photos on this 1-based page; empty for a page before 1 or after the last.
    static func range(ofPage page: Int, photos: Int) -> Range<Int> {
        let photos = max(0, photos)
        let page = min(max(page, 0), pageCount(photos: photos) + 1)
        let lower = min(max(0, (page - 1) * photosPerPage), photos)
        let upper = min(max(lower, page * photosPerPage), photos)
        return lower..<upper
    }

    /// The page numbers a pagination nav shows: always 1 and `count`, the pages within `radius` of
    /// `current`, sorted, each once. Where two numbers are not consecutive the nav shows a gap,
    /// except that a gap hiding one page shows that page instead: its number is no wider than "…".
    /// `current` outside 1...count is taken as its nearest end; a count below 1 gives no numbers.
    static func pageNumbers(current: Int, count: Int, radius: Int = 2) -> [Int] {
        guard count > 0 else { return [] }
        let current = min(max(current, 1), count)
        let radius = max(0, min(radius, count))
        var numbers = [1]
        let window = max(current - radius, 1)...min(current + radius, count)
        for number in window + [count] where number > numbers[numbers.count - 1] {
            if number == numbers[numbers.count - 1] + 2 { numbers.append(number - 1) }
            numbers.append(number)
        }
        return numbers
    }

    /// One page's photos laid out in justified rows. Tile indices count from 0 within `aspects`.
    static func tiles(aspects: [Double]) -> [OverviewRow] {
        JustifiedRows.layout(aspects: aspects, targetRowAspect: targetRowAspect, maxPerRow: maxPerRow).map { row in
            // A ragged row is drawn as a full row whose last part is a filler, so its tiles' share
            // of the width is measured against the target, not against their own sum.
            let width = row.isRagged ? targetRowAspect : row.aspectSum
            let tiles = row.range.map { index in
                let aspect = JustifiedRows.sanitised(aspects[index])
                return OverviewTile(index: index, widthAttribute: widthAttribute(aspect: aspect),
                                    heightAttribute: heightAttribute, sizes: sizes(share: aspect / width))
            }
            let filler = row.isRagged ? Int((Double(heightAttribute) * (targetRowAspect - row.aspectSum)).rounded()) : 0
            return OverviewRow(tiles: tiles, fillerWidth: filler > 0 ? filler : nil)
        }
    }

    /// The `sizes` attribute of a tile taking this share (0...1) of its row's width: its slot in
    /// CSS pixels at the widest column, else in viewport widths, both rounded up so the browser
    /// never picks a rendition narrower than the slot. (Less a hair first: a slot of exactly 360 px
    /// computed as 360.00000000000006 must not become 361.)
    static func sizes(share: Double) -> String {
        let pixels = Int((Double(contentWidth) * share - 1e-9).rounded(.up))
        let viewportWidths = Int((100 * share - 1e-9).rounded(.up))
        return "(min-width: \(wideViewport)px) \(pixels)px, \(viewportWidths)vw"
    }

    /// `round(1000 · aspect)`, at least 1.
    static func widthAttribute(aspect: Double) -> Int {
        max(1, Int((Double(heightAttribute) * JustifiedRows.sanitised(aspect)).rounded()))
    }
}

/// A row of an overview page: its tiles, then, for a ragged last row, a filler of this `width`
/// attribute (at the tiles' `heightAttribute`) that keeps the row at the target height.
struct OverviewRow: Equatable, Sendable {
    var tiles: [OverviewTile]
    /// `nil` for a row that fills the width by itself.
    var fillerWidth: Int?
}

/// A photo's tile on an overview page.
struct OverviewTile: Equatable, Sendable {
    /// The photo's index among the aspects the page was laid out from.
    var index: Int
    /// `round(1000 · aspect)`: with `heightAttribute` it gives the image's aspect ratio before it
    /// loads, and the flex row shrinks tiles in proportion to it.
    var widthAttribute: Int
    var heightAttribute: Int
    /// The `sizes` attribute: the tile's slot width, for the browser's choice from the srcset.
    var sizes: String
}
