import GalgenTestSupport
import Testing

/// Suites that need the fixture photos are skipped without them, each saying why; on CI
/// (`CI=true`), which always has them, their absence fails the run instead.
struct FixturePresenceTests {
    @Test func theFixturesAreThereOnCI() {
        if Fixtures.requiredHere && !Fixtures.available {
            Issue.record("CI=true, but \(Fixtures.missing)")
        }
    }
}
