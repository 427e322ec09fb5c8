import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A repeating timer whose effect hops to the main actor before each send.
private struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, stop, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await MainActor.run {}
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// `TestClock.advance` delivers every due wake-up, in deadline order, the same way every time.
@MainActor
@Suite("Timers on a TestClock")
struct TimerTests {
  @Test("advancing two periods in one call ticks twice, 30 times in a row")
  func twoPeriodsTickTwice() async {
    for _ in 0..<30 {
      let clock = TestClock()
      let store = TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.start)
      await clock.advance(by: .seconds(2))
      await store.receive(.tick) { $0.ticks = 1 }
      await store.receive(.tick) { $0.ticks = 2 }
      await clock.advance(by: .seconds(3))
      await store.receive(.tick) { $0.ticks = 3 }
      await store.receive(.tick) { $0.ticks = 4 }
      await store.receive(.tick) { $0.ticks = 5 }
      await store.send(.stop)
      await store.finish()
    }
  }

  @Test("a plain store sees every tick as soon as advance returns")
  func plainStoreSeesEveryTick() async {
    let clock = TestClock()
    let store = Store(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.start)
    let sleeping = await waitUntil { clock.sleeperCount == 1 }
    #expect(sleeping)
    await clock.advance(by: .seconds(10))
    #expect(store.state.ticks == 10)
    store.send(.stop)
  }

  @Test("sleepers wake in deadline order, ties in the order they started sleeping")
  func deadlineOrder() async {
    let clock = TestClock()
    let order = LockedLog()
    let store = Store(initialState: Ticker.State()) {
      Reduce<Ticker.State, Ticker.Action> { _, action in
        guard action == .start else { return .none }
        return .merge(
          [3, 1, 2, 1].enumerated().map { index, seconds in
            Effect<Ticker.Action>.run { _ in
              try await clock.sleep(for: .seconds(seconds))
              order.append("\(seconds)s#\(index)")
            }
          })
      }
    } withDependencies: {
      $0.continuousClock = clock
    }
    // Serial, so the four effects start sleeping in the order they were started.
    await withMainSerialExecutor {
      let task = store.send(.start)
      let sleeping = await waitUntil { clock.sleeperCount == 4 }
      #expect(sleeping)
      await clock.advance(by: .seconds(3))
      await task.finish()
    }
    #expect(order.entries == ["1s#1", "1s#3", "2s#2", "3s#0"])
  }
}

/// Lines appended from any task.
final class LockedLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.withLock { lines.append(line) }
  }

  var entries: [String] { lock.withLock { lines } }
}
