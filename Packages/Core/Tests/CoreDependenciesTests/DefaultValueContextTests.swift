import CoreDependencies
import Synchronization
import Testing

/// A default value is built once per context and kept, as swift-dependencies'
/// `testDependencyDefaultIsReused_SegmentedByContext` and
/// `testUpdatingTestDependencyFromLiveContext_WhenUpdatingDependencies` show: a change made
/// through a client with state lasts within its context, another context gets its own, and a
/// key with no live value read in a live context stands in with its test value, kept the same
/// way and reported at every read.
@Suite("Default values per context")
struct DefaultValueContextTests {
  @Test("test, preview and live each keep their own default; a missing live value is reported")
  func keptPerContext() {
    let log = IssueLog()
    withDependencies {
      $0 = DependencyValues(context: .test)
      $0.issueReporter = log.reporter
    } operation: {
      @Dependency(\.reusedCounter) var counter
      #expect(counter.count() == 0)
      counter.setCount(42)
      #expect(counter.count() == 42)
      withDependencies {
        $0.context = .preview
      } operation: {
        #expect(counter.count() == 0)
        counter.setCount(1729)
        #expect(counter.count() == 1729)
      }
      #expect(counter.count() == 42)
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(counter.count() == 0)
        counter.setCount(-42)
        #expect(counter.count() == -42)
        // Updated from the live context: the kept value, changed where it is.
        withDependencies {
          $0.reusedCounter.setCount(7)
          #expect($0.reusedCounter.count() == 7)
        } operation: {
          #expect(counter.count() == 7)
        }
      }
      #expect(counter.count() == 42)
    }
    // Each of the four reads in the live context outside the update closure is reported.
    #expect(log.all.count == 4, "\(log.all)")
    // A private type prints with its file's discriminator in a release build.
    #expect(
      log.all.allSatisfy { $0.contains("ReusedCounter") && $0.contains("has no live value") },
      "\(log.all)")
  }
}

/// A client with state of its own, and no live value: its test value counts.
private struct ReusedCounter: TestDependencyKey {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void
  static var testValue: ReusedCounter {
    let count = Count()
    return ReusedCounter(
      count: { count.value.withLock { $0 } },
      setCount: { new in count.value.withLock { $0 = new } })
  }

  private final class Count: Sendable {
    let value = Mutex(0)
  }
}

extension DependencyValues {
  fileprivate var reusedCounter: ReusedCounter {
    get { self[ReusedCounter.self] }
    set { self[ReusedCounter.self] = newValue }
  }
}
