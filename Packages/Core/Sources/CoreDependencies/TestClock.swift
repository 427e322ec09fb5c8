import Synchronization

/// A clock that moves only when a test says so, to control effects that wait.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(...) { $0.continuousClock = clock }
/// await store.send(.startTimer)
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// ```
public final class TestClock: Clock, Sendable {
  /// The instants of a test clock: offsets from its start.
  public typealias Instant = ImmediateClock.Instant

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var nextID = 0
    var sleepers: [Sleeper] = []
    var cancelledBeforeSleeping: Set<Int> = []
  }

  private let state = Mutex(State())

  /// A clock at offset zero.
  public init() {}

  /// The current instant; moves only in ``advance(by:)``.
  public var now: Instant { state.withLock { $0.now } }
  /// Zero: every duration is honoured exactly.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks waiting on this clock right now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until ``advance(by:)`` reaches `deadline`, or throws when the task is cancelled.
  /// A deadline already reached (`sleep(for: .zero)`) still waits for the next `advance`, as
  /// swift-clocks' test clock does: a test decides when the sleeper goes on.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let wasCancelled = state.withLock { state in
          if state.cancelledBeforeSleeping.remove(id) != nil { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if wasCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelledBeforeSleeping.insert(id)
          return Sleeper?.none
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking every sleeper whose deadline passed one at a time, in
  /// deadline order (then the order they started sleeping), and letting each woken task run
  /// to its next suspension before the next wakes, so what they send arrives in a predictable
  /// order. A task woken at a deadline that sleeps again sees `now` at that deadline, so a
  /// repeating timer advanced by several periods ticks once per period.
  ///
  /// Runs on the main actor, with every other task on the main serial executor
  /// (``withMainSerialExecutor(isolation:operation:)``): the woken tasks, and the main-actor hops they make to send,
  /// run one job at a time, the same way on every run. (Entered from a pool thread instead, a
  /// woken task could still run there, in parallel, and miss the next deadline.)
  ///
  /// It waits for the effects of this test's test stores to run up to their next suspension
  /// before it moves time, and after each sleeper it wakes.
  @MainActor
  public func advance(by duration: Duration = .zero) async {
    MainSerialExecutor.enable()
    defer { MainSerialExecutor.disable() }
    let effects = EffectExecutor.ofThisTest()
    await settle(effects)
    let target = state.withLock { $0.now.advanced(by: duration) }
    while true {
      let next = state.withLock { state -> Sleeper? in
        let due = state.sleepers.enumerated().filter { $0.element.deadline <= target }
        guard
          let first = due.min(by: {
            ($0.element.deadline, $0.element.id) < ($1.element.deadline, $1.element.id)
          })
        else { return nil }
        state.now = max(state.now, first.element.deadline)
        return state.sleepers.remove(at: first.offset)
      }
      guard let next else { break }
      next.continuation.resume()
      await settle(effects)
    }
    state.withLock { $0.now = max($0.now, target) }
    await settle(effects)
  }

  /// Runs the clock until no task sleeps on it: to each sleeper's deadline in turn, as
  /// ``advance(by:)`` goes, so a timer of ten ticks ticks ten times. swift-clocks' spelling. A
  /// clock whose sleepers never run out (a timer nobody stops) is reported as an issue once
  /// `duration` of real time has passed, and the clock stops there.
  @MainActor
  public func run(
    timeout duration: Duration = .milliseconds(500),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let giveUp = ContinuousClock.now.advanced(by: duration)
    // The effects just started reach their first sleep.
    await advance(by: .zero)
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      guard ContinuousClock.now < giveUp else {
        reportIssue(
          "Expected all sleeps to finish, but some are still suspending after \(duration): a"
            + " timer that never stops, or a clock not advanced far enough; stop it, or give"
            + " run(timeout:) longer",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await advance(by: now.duration(to: next))
    }
  }

  /// Lets woken tasks run up to their next suspension: on the main serial executor each yield
  /// lets every job that is ready run once.
  ///
  /// The test's stores' effects (see `EffectExecutor`) run until they suspend again.
  @MainActor
  private func settle(_ effects: [EffectExecutor]) async {
    for executor in effects { await executor.settle() }
    for _ in 0..<100 {
      await Task.yield()
    }
    for executor in effects { await executor.settle() }
  }
}

/// The clock an effect should wait on, so tests can swap in a ``TestClock``.
private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "continuousClock")
}

/// The clock that stops while the machine sleeps, swappable the same way.
private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "suspendingClock")
}

extension DependencyValues {
  /// The clock effects wait on: `ContinuousClock` live, unimplemented in tests.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock that does not advance while the machine sleeps: `SuspendingClock` live,
  /// unimplemented in tests (swift-dependencies' spelling).
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

/// The test value of ``DependencyValues/continuousClock``: reports an issue, then sleeps
/// no time at all.
private struct UnimplementedClock: Clock {
  typealias Instant = ImmediateClock.Instant
  /// The dependency's name, for the report.
  let name: String
  var now: Instant { Instant() }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue("Unimplemented: \(name) was used; set $0.\(name) in the test")
    try Task.checkCancellation()
  }
}
