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

/// A model that makes a child within its own dependencies.
private final class ParentModel {
  func makeChildGreeting() -> String {
    withDependencies(from: self) {
      $0.greeting = GreetingClient { "child hello, \($0)" }
    } operation: {
      DependencyValues.current.greeting.greet("Ann")
    }
  }
}

@Suite("withDependencies(from:)")
struct WithDependenciesFromTests {
  @Test("runs the operation with the values current where the model runs, updated")
  func fromModel() {
    let greeting = withDependencies {
      $0.context = .test
    } operation: {
      ParentModel().makeChildGreeting()
    }
    #expect(greeting == "child hello, Ann")
  }
}
