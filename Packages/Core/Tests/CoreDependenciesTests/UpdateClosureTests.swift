import CoreDependencies
import Testing

/// Reading a value to change one of its fields inside an update closure reports nothing, as
/// in swift-dependencies; a missing live value is reported on every read outside one.
@Suite("update closures")
struct UpdateClosureTests {
  @Test("changing a field of a live-only client inside withDependencies reports nothing")
  func liveOnlyFieldOverride() {
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    let name = DependencyValues.$current.withValue(values) {
      withDependencies {
        $0[LiveOnlyClient.self].name = "overridden"
      } operation: {
        DependencyValues.current[LiveOnlyClient.self].name
      }
    }
    #expect(name == "overridden")
    #expect(log.all.isEmpty)
  }

  @Test("a read in an update closure is not kept: a later plain read still reports")
  func updateReadIsNotCached() {
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    DependencyValues.$current.withValue(values) {
      withDependencies {
        _ = $0[LiveOnlyClient.self]
      } operation: {
      }
      _ = DependencyValues.current[LiveOnlyClient.self]
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("LiveOnlyClient has no test value") == true)
  }

  @Test("a missing live value is reported on every read, not only the first")
  func missingLiveReportedEachRead() {
    let log = IssueLog()
    var values = DependencyValues(context: .live)
    values.issueReporter = log.reporter
    DependencyValues.$current.withValue(values) {
      _ = DependencyValues.current[OrphanClient.self]
      _ = DependencyValues.current[OrphanClient.self]
      withDependencies {
        $0[OrphanClient.self].value = 7
      } operation: {
      }
    }
    #expect(log.all.count == 2)
  }
}
