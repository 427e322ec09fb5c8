import CoreDependencies
import Foundation
import Testing

/// The test clocks behave as swift-clocks' do: an immediate clock's `now` follows its sleeps;
/// a test clock's sleeper waits for an `advance`, even for a deadline already reached.
@MainActor
@Suite("clocks")
struct ClockTests {
  @Test("ImmediateClock returns at once and moves now to each deadline, never back")
  func immediateClockMoves() async throws {
    let clock = ImmediateClock()
    let start = clock.now
    try await clock.sleep(for: .seconds(5))
    #expect(start.duration(to: clock.now) == .seconds(5))
    try await clock.sleep(until: start.advanced(by: .seconds(1)), tolerance: nil)
    #expect(start.duration(to: clock.now) == .seconds(5))
    try await clock.sleep(for: .milliseconds(250))
    #expect(start.duration(to: clock.now) == .milliseconds(5_250))
  }

  @Test("TestClock: sleep(for: .zero) waits for the next advance")
  func zeroSleepWaitsForAdvance() async throws {
    let clock = TestClock()
    let woke = Flag()
    let task = Task {
      try await clock.sleep(for: .zero)
      woke.set()
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    for _ in 0..<100 { await Task.yield() }
    #expect(!woke.isSet)
    await clock.advance()
    try await task.value
    #expect(woke.isSet)
    #expect(clock.now == TestClock.Instant())
  }

  @Test("TestClock: a past deadline also waits, and a cancelled sleeper throws")
  func pastDeadlineAndCancellation() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let task = Task { try await clock.sleep(until: TestClock.Instant(offset: .seconds(1))) }
    while clock.sleeperCount == 0 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("TestClock.run runs a timer of ten ticks out, as swift-clocks' does")
  func runToTheEnd() async throws {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      for _ in 1...10 {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    // A timeout only a hang reaches: the suite runs beside hundreds of tests on two cores.
    await clock.run(timeout: .seconds(300))
    // Had run given up, the timer would sleep on: cancelled, it ends and the test fails.
    timer.cancel()
    try await timer.value
    #expect(ticks.value == 10)
    #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
  }

  @Test("TestClock.run on a timer that never stops reports an issue at its timeout")
  func runNeverEnding() async throws {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    await withKnownIssue {
      await clock.run(timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("still suspending after 0.05 seconds") }
    }
    timer.cancel()
    await #expect(throws: CancellationError.self) { try await timer.value }
  }
}

/// A flag set from another task.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() {
    lock.withLock { value = true }
  }
}
