import Synchronization

/// What a command that ends its process right after its build holds on to rather than frees:
/// the kernel takes the whole process back at once, while freeing a build's records and pages
/// one by one took a tenth of a second of a merge of 10,000 photos, on one thread, at its end.
/// `galgen serve` builds again and again, so it frees as usual (`SiteBuild.endsProcess`,
/// `BuildPipeline.endsProcess`).
public enum KeptUntilExit {
    /// A value nobody reads again: only its last reference is kept, so it may cross threads.
    private struct Kept: @unchecked Sendable {
        let value: Any
    }

    private static let kept = Mutex<[Kept]>([])

    public static func keep(_ values: Any...) {
        let values = values.map(Kept.init)
        kept.withLock { $0 += values }
    }
}
