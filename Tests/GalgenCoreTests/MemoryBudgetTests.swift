import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

struct MemoryBudgetTests {
    @Test func whatFitsIsGrantedAtOnce() async {
        let budget = MemoryBudget(capacity: 100)
        await budget.reserve(60)
        await budget.reserve(40)
        #expect(await budget.inUse == 100)
        await budget.release(60)
        await budget.release(40)
        #expect(await budget.inUse == 0)
    }

    @Test func whatDoesNotFitWaitsForARelease() async {
        let budget = MemoryBudget(capacity: 100)
        await budget.reserve(70)
        let granted = Flag()
        let waiter = Task { await budget.reserve(50); granted.set() }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(!granted.value, "50 more bytes do not fit beside 70 of 100")
        await budget.release(70)
        await waiter.value
        #expect(granted.value)
        #expect(await budget.inUse == 50)
    }

    /// A request for more than the whole budget is not refused: it waits until nothing else is
    /// held, then runs alone (it is charged the whole budget).
    @Test func aRequestBiggerThanTheBudgetRunsAlone() async {
        let budget = MemoryBudget(capacity: 100)
        await budget.reserve(1)
        let granted = Flag()
        let huge = Task { await budget.reserve(5_000); granted.set() }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(!granted.value)
        await budget.release(1)
        await huge.value
        #expect(await budget.inUse == 100)
        await budget.release(5_000)
        #expect(await budget.inUse == 0)
    }

    /// Requests are granted in order: a large one waiting is not overtaken by small ones that
    /// would fit, so it cannot be starved.
    @Test func aWaitingRequestIsNotOvertaken() async {
        let budget = MemoryBudget(capacity: 100)
        await budget.reserve(50)
        let order = Order()
        let large = Task { await budget.reserve(80); order.append("large") }
        try? await Task.sleep(for: .milliseconds(50))
        let small = Task { await budget.reserve(10); order.append("small") }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(order.items.isEmpty, "10 bytes fit, but the 80 asked first")
        await budget.release(50)
        await large.value
        await small.value
        #expect(order.items == ["large", "small"])
    }

    /// Through the pipeline: with two jobs, two photos that each need the whole budget are never
    /// rendered at the same time; photos that fit together still are.
    @Test func twoHugePhotosNeverRenderTogether() async throws {
        let names = (0..<4).map { "i\($0).jpg" }
        let photos = Dictionary(uniqueKeysWithValues: names.map { ("/site/\($0)", FakePhoto($0, width: 500)) })
        let config = "images: [\(names.joined(separator: ", "))]\n"
        let huge = PipelineHarness(gate: RenderGate(target: 2, timeout: 0.3))
        let built = try await huge.run(config, photos: photos, jobs: 2, peakBytes: 800, memory: MemoryBudget(capacity: 1_000)).get()
        #expect(built.imagesBuilt == 4)
        #expect(huge.recorder.maxRendering == 1)
        let small = PipelineHarness(gate: RenderGate(target: 2))
        _ = try await small.run(config, photos: photos, jobs: 2, peakBytes: 400, memory: MemoryBudget(capacity: 1_000)).get()
        #expect(small.recorder.maxRendering <= 2)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.lock(); defer { lock.unlock() }; return isSet }
    func set() { lock.lock(); isSet = true; lock.unlock() }
}

private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var items: [String] { lock.lock(); defer { lock.unlock() }; return list }
    func append(_ item: String) { lock.lock(); list.append(item); lock.unlock() }
}

struct RenderOrderTests {
    /// With several jobs the largest files start first, so no big photo is left to finish alone
    /// at the end; ties keep gallery order. (With one job, gallery order.)
    @Test func largestFilesStartFirst() async throws {
        let sizes = ["a": 1, "b": 5, "c": 3, "d": 2, "e": 4]
        let photos = Dictionary(uniqueKeysWithValues: sizes.keys.map { ("/site/\($0).jpg", FakePhoto($0, width: 500)) })
        let config = "images: [a.jpg, b.jpg, c.jpg, d.jpg, e.jpg]\n"
        let harness = PipelineHarness()
        _ = try await harness.run(config, photos: photos, jobs: 2,
                                  fileSizes: Dictionary(uniqueKeysWithValues: sizes.map { ("/site/\($0.key).jpg", $0.value) })).get()
        let reads = harness.recorder.reads.filter { $0.hasSuffix(".jpg") }
        #expect(Set(reads.prefix(2)) == ["/site/b.jpg", "/site/e.jpg"])
        #expect(reads.last == "/site/a.jpg")
        let one = PipelineHarness()
        _ = try await one.run(config, photos: photos, jobs: 1,
                              fileSizes: Dictionary(uniqueKeysWithValues: sizes.map { ("/site/\($0.key).jpg", $0.value) })).get()
        #expect(one.recorder.reads.filter { $0.hasSuffix(".jpg") } == ["a", "b", "c", "d", "e"].map { "/site/\($0).jpg" })
    }
}
