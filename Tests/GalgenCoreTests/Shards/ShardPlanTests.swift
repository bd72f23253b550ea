import Testing
@testable import GalgenBuild
@testable import GalgenCore

struct ShardPlanTests {
    @Test func kOfNIsReadOrRefusedWithHowToWriteIt() throws {
        #expect(try Shard.parse("2/4").get() == Shard(index: 2, count: 4))
        #expect(try Shard.parse("1/1").get() == Shard(index: 1, count: 1))
        for (text, says) in [("0/4", "K must be from 1 to 4"), ("5/4", "K must be from 1 to 4"), ("1/0", "N must be from 1 to 256"),
                             ("1/257", "N must be from 1 to 256"), ("two/4", "is not K/N"), ("2-4", "is not K/N"), ("2/4/1", "is not K/N"),
                             ("", "is not K/N")] {
            guard case let .failure(problem) = Shard.parse(text) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(problem.description.contains(says), "\(text): \(problem)")
        }
    }

    @Test func aShardsFolderNameRoundTripsAndNothingElseIsOne() {
        let shard = Shard(index: 3, count: 8)
        #expect(shard.folderName == "3-of-8" && Shard(folderName: "3-of-8") == shard)
        for name in ["9-of-8", "0-of-8", "03-of-8", "3-of-08", "3of8", "3-of-8-x", ".DS_Store", "3-to-8"] {
            #expect(Shard(folderName: name) == nil, "\(name)")
        }
    }

    @Test func itemsAreDealtRoundRobinLargestFirstTiesByKey() {
        let items = [ShardItem(key: "b", cost: 1), ShardItem(key: "big", cost: 100), ShardItem(key: "a", cost: 1),
                     ShardItem(key: "mid", cost: 50), ShardItem(key: "c", cost: 1)]
        // Sorted: big, mid, a, b, c → shards 1, 2, 1, 2, 1.
        #expect(ShardPlan.deal(items, count: 2) == [2, 1, 1, 2, 1])
        #expect(ShardPlan.deal(items, count: 1) == [1, 1, 1, 1, 1])
        #expect(ShardPlan.deal(items, count: 8) == [4, 1, 3, 2, 5])
    }

    @Test func theDealIsTheSameWhateverOrderTheItemsComeIn() {
        let items = (0..<200).map { ShardItem(key: "photos/\($0).jpg", cost: Double(($0 * 7919) % 97)) }
        let shards = Dictionary(uniqueKeysWithValues: zip(items.map(\.key), ShardPlan.deal(items, count: 4)))
        let reversed = Array(items.reversed())
        #expect(Dictionary(uniqueKeysWithValues: zip(reversed.map(\.key), ShardPlan.deal(reversed, count: 4))) == shards)
    }

    /// Four long videos and many photos on four shards: one video each, and about the same work.
    @Test func noShardGetsAllTheLongVideos() {
        let request = RenditionRequest.galleryDefault
        var items = (0..<4).map { ShardItem(key: "video-\($0).mov", cost: ShardItem.cost(name: "video-\($0).mov", size: 400_000_000, request: request)) }
        items += (0..<100).map { ShardItem(key: "photo-\($0).jpg", cost: ShardItem.cost(name: "photo-\($0).jpg", size: 3_000_000 + $0 * 10_000, request: request)) }
        let shards = ShardPlan.deal(items, count: 4)
        #expect(Set(shards.prefix(4)) == [1, 2, 3, 4], "one video per shard: \(shards.prefix(4))")
        let work = (1...4).map { shard in zip(items, shards).filter { $0.1 == shard }.reduce(0) { $0 + $1.0.cost } }
        #expect(work.max()! / work.min()! < 1.02, "\(work)")
        // A 400 MB video is far more work than a 3 MB photo, and a bigger photo more than a smaller one.
        #expect(items[0].cost > 50 * items[4].cost && items[103].cost > items[4].cost)
    }

    @Test func aLocalItemsKeyIsItsPathInTheGalleryAndARemoteOnesItsURL() {
        #expect(ShardItem.key(of: .local(written: "photos/a.jpg", resolved: "/home/runner/work/site/photos/a.jpg"),
                              base: "/home/runner/work/site") == "photos/a.jpg")
        #expect(ShardItem.key(of: .local(written: "photos/a.jpg", resolved: "/ci/checkout/photos/a.jpg"), base: "/ci/checkout/") == "photos/a.jpg")
        #expect(ShardItem.key(of: .local(written: "/srv/x.jpg", resolved: "/srv/x.jpg"), base: "/ci/checkout") == "/srv/x.jpg")
        #expect(ShardItem.key(of: .remote("https://example.com/a.jpg"), base: "/x") == "https://example.com/a.jpg")
    }

    @Test func theMergeCountsTheSplitMostFoldersWereMadeWithAndNamesWhatIsMissing() {
        let run = { (index: Int, count: Int) in
            ShardRun(shard: Shard(index: index, count: count), galleryItems: 10, items: 3, reused: 0,
                     failures: index == 1 ? ["photos/bad.jpg": "not a JPEG"] : [:], milliseconds: 5, generator: "galgen test")
        }
        let merge = ShardMerge(runs: [run(1, 4), run(2, 4), run(1, 2)], seen: [Shard(index: 1, count: 4), Shard(index: 2, count: 4),
                                                                               Shard(index: 4, count: 4), Shard(index: 1, count: 2)],
                               allowMissing: false)
        #expect(merge.count == 4 && merge.ran == [1, 2])
        #expect(merge.foundText == "2 of 4 shards (1/4, 2/4)")
        #expect(merge.failure(of: "photos/bad.jpg") == "not a JPEG" && merge.failure(of: "photos/good.jpg") == nil)
        let missing = MissingShardItems(count: 4, byShard: [3: ["photos/c.jpg"], 4: ["photos/d.jpg", "photos/e.jpg", "photos/f.jpg", "photos/g.jpg"]],
                                        notRun: [3])
        let text = missing.description
        #expect(text.contains("lacks 5 items that shards 3/4, 4/4 were to render"), "\(text)")
        #expect(text.contains("shard 3/4: 1 item (photos/c.jpg): its cache is not here (no shards/3-of-4/shard.json)"), "\(text)")
        #expect(text.contains("shard 4/4: 4 items (photos/d.jpg, photos/e.jpg, photos/f.jpg, …): its cache is here but lacks them"), "\(text)")
        #expect(text.contains("--allow-missing") && text.contains("galgen build --shard K/4"))
        #expect(BuildError.shardsMissing(missing).exitStatus.code == 6)
    }
}
