import CoreDependencies
import Foundation
import Synchronization
import Testing

/// Whether `SharedChangeTracker.asserting` is set on a thread of its own, with `values` bound.
private func assertingOnAnotherThread(with values: DependencyValues) -> Bool {
  let seen = Mutex(false)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    DependencyValues.$current.withValue(values) {
      seen.withLock { $0 = SharedChangeTracker.asserting != nil }
    }
    done.signal()
  }
  thread.start()
  done.wait()
  return seen.withLock { $0 }
}

@Suite("SharedChangeTracker")
struct SharedChangeTrackerTests {
  @Test("a tracker asserts on its own thread only, and only while its closure runs")
  func assertingIsPerThread() {
    let tracker = SharedChangeTracker()
    var values = DependencyValues(context: .test)
    values.sharedChangeTracker = tracker
    DependencyValues.$current.withValue(values) {
      #expect(SharedChangeTracker.asserting == nil)
      tracker.assertingChanges {
        #expect(SharedChangeTracker.asserting === tracker)
        // An effect of the same store, on another thread meanwhile, sees the actual values.
        #expect(!assertingOnAnotherThread(with: values))
        tracker.assertingChanges {
          #expect(SharedChangeTracker.asserting === tracker)
        }
        // A nested assertion ends without ending the outer one.
        #expect(SharedChangeTracker.asserting === tracker)
      }
      #expect(SharedChangeTracker.asserting == nil)
    }
  }

  @Test("another tracker's assertion does not make these values' tracker assert")
  func assertingIsPerTracker() {
    let asserting = SharedChangeTracker()
    var values = DependencyValues(context: .test)
    values.sharedChangeTracker = SharedChangeTracker()
    asserting.assertingChanges {
      DependencyValues.$current.withValue(values) {
        #expect(SharedChangeTracker.asserting == nil)
      }
    }
  }
}
