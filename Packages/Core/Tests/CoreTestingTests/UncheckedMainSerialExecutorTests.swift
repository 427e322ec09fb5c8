import CoreStore
import CoreTesting
import Testing

/// `uncheckedUseMainSerialExecutor`, TCA's switch for tests that drive real async work.
@Suite("uncheckedUseMainSerialExecutor")
struct UncheckedMainSerialExecutorTests {
  @MainActor
  @Test("while it is on, tasks started one after another run in the order they were started")
  func ordersTasks() async {
    uncheckedUseMainSerialExecutor = true
    defer { uncheckedUseMainSerialExecutor = false }
    #expect(uncheckedUseMainSerialExecutor)
    let order = LockIsolated<[Int]>([])
    let tasks = (1...50).map { number in
      Task.detached { order.withValue { $0.append(number) } }
    }
    for task in tasks { await task.value }
    #expect(order.value == Array(1...50))
  }

  @Test("setting the value it has changes nothing; off turns it off")
  func idempotent() {
    uncheckedUseMainSerialExecutor = true
    uncheckedUseMainSerialExecutor = true
    #expect(uncheckedUseMainSerialExecutor)
    uncheckedUseMainSerialExecutor = false
    #expect(!uncheckedUseMainSerialExecutor)
    uncheckedUseMainSerialExecutor = false
    #expect(!uncheckedUseMainSerialExecutor)
  }
}
