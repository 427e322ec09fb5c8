import CoreDependencies
import CoreTesting
import Synchronization
import Testing

@Suite("DependencyValues")
struct DependencyValuesTests {
  @Test("the context picks the live, preview or test value", arguments: DependencyContext.allCases)
  func contextPicksValue(context: DependencyContext) {
    let values = DependencyValues(context: context)
    #expect(values.greeting.greet("Ann") == "\(context.rawValue) hello, Ann")
  }

  @Test("a live conformance declared in another file is found at run time")
  func liveConformanceFoundAtRunTime() {
    #expect(DependencyValues(context: .live).greeting.greet("x") == "live hello, x")
  }

  @Test("a key with no live value reports it and falls back to the test value")
  func missingLiveValue() {
    let log = IssueLog()
    var values = DependencyValues(context: .live)
    values.issueReporter = log.reporter
    let value = DependencyValues.$current.withValue(values) { values[OrphanClient.self] }
    #expect(value.value == -1)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("OrphanClient has no live value") == true)
  }

  @Test("a live key without a test value reports it in tests")
  func missingTestValue() {
    let log = IssueLog()
    var values = DependencyValues(context: .test)
    values.issueReporter = log.reporter
    let value = DependencyValues.$current.withValue(values) { values[LiveOnlyClient.self] }
    #expect(value.name == "live")
    #expect(log.all.first?.contains("LiveOnlyClient has no test value") == true)
  }

  @Test("withDependencies overrides for its scope only, and nests")
  func overridesAreScoped() {
    withDependencies {
      $0.context = .test
      $0.greeting = GreetingClient { "outer \($0)" }
    } operation: {
      @Dependency(\.greeting) var greeting
      #expect(greeting.greet("a") == "outer a")
      withDependencies {
        $0.greeting = GreetingClient { "inner \($0)" }
      } operation: {
        #expect(greeting.greet("b") == "inner b")
      }
      #expect(greeting.greet("c") == "outer c")
      #expect(DependencyValues.current.isOverridden(GreetingClient.self))
    }
    #expect(DependencyValues.current.isOverridden(GreetingClient.self) == false)
  }

  @Test("async withDependencies reaches child tasks")
  func asyncOverridesReachChildTasks() async {
    let greeting = await withDependencies {
      $0.greeting = GreetingClient { "async \($0)" }
    } operation: {
      await Task {
        @Dependency(\.greeting) var greeting
        return greeting.greet("task")
      }.value
    }
    #expect(greeting == "async task")
  }

  @Test("a default value is created once per set of values and context")
  func defaultValuesAreCached() {
    let values = DependencyValues(context: .live)
    let first = values[CountedClient.self].id
    #expect(values[CountedClient.self].id == first)
    var copy = values
    copy.context = .test
    #expect(copy[CountedClient.self].id != first)
    let fresh = DependencyValues(context: .live)
    #expect(fresh[CountedClient.self].id != first)
  }

  @Test("reportIssue goes to the current reporter with the caller's location")
  func reportIssueUsesCurrentReporter() {
    let recorded = Mutex<[IssueLocation]>([])
    withDependencies {
      $0.issueReporter = IssueReporter { _, location in recorded.withLock { $0.append(location) } }
    } operation: {
      reportIssue("boom")
    }
    let location = recorded.withLock { $0.first }
    #expect(location?.fileID.hasSuffix("DependencyValuesTests.swift") == true)
    #expect(location?.description.contains("DependencyValuesTests.swift:") == true)
  }

  @Test("the silent reporter drops issues")
  func silentReporter() {
    withDependencies {
      $0.issueReporter = .silent
    } operation: {
      reportIssue("nobody hears this")
    }
  }
}
