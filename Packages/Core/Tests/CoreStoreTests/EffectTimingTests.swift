import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A search box that debounces, a scroller that throttles, and a ticker: TCA's timing
/// operators driven by a test clock.
private struct Timing: Reducer {
  /// Throttling remembers its ids for the whole process, as TCA's does: each test store gets
  /// its own.
  let id: UUID
  let latest: Bool
  let clock: TestClock

  struct State: Equatable {
    var searched: [String] = []
    var positions: [Int] = []
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case typed(String)
    case search(String)
    case scrolled(Int)
    case savePosition(Int)
    case startTicking
    case tick
    case stopAll
  }

  enum CancelID: Hashable, Sendable { case search, ticking }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let query):
      return .send(.search(query))
        .debounce(id: CancelID.search, for: .milliseconds(500), clock: clock)
    case .search(let query):
      state.searched.append(query)
      return .none
    case .scrolled(let offset):
      return .send(.savePosition(offset))
        .throttle(id: id, for: .seconds(1), clock: clock, latest: latest)
    case .savePosition(let offset):
      state.positions.append(offset)
      return .none
    case .startTicking:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.ticking)
    case .tick:
      state.ticks += 1
      return .none
    case .stopAll:
      return .cancel(ids: [CancelID.search, CancelID.ticking])
    }
  }
}

@MainActor
@Suite("debounce, throttle, cancel(ids:) and timers, as TCA's")
struct EffectTimingTests {
  private func makeStore(latest: Bool = true) -> (TestStore<Timing.State, Timing.Action>, TestClock)
  {
    let clock = TestClock()
    let id = UUID()
    let store = TestStore(initialState: Timing.State()) {
      Timing(id: id, latest: latest, clock: clock)
    }
    return (store, clock)
  }

  @Test("debounce sends once the typing pauses, and only the last query")
  func debounceSendsTheLast() async {
    let (store, clock) = makeStore()
    await store.send(.typed("b"))
    await clock.advance(by: .milliseconds(300))
    await store.send(.typed("bl"))
    await clock.advance(by: .milliseconds(300))
    await store.send(.typed("blo"))
    await clock.advance(by: .milliseconds(499))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("blo")) { $0.searched = ["blo"] }
    await store.finish()
  }

  @Test("an effect still waiting in a debounce fails finish: debounce cancels nothing by itself")
  func debounceStillWaiting() async {
    let (store, clock) = makeStore()
    await store.send(.typed("b"))
    await clock.advance(by: .milliseconds(100))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    }
    await store.skipInFlightEffects()
  }

  @Test("throttle with latest: the first at once, then the latest of the interval at its end")
  func throttleLatest() async {
    let (store, clock) = makeStore(latest: true)
    await store.send(.scrolled(1))
    await store.receive(.savePosition(1)) { $0.positions = [1] }
    await store.send(.scrolled(2))
    await store.send(.scrolled(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.savePosition(3)) { $0.positions = [1, 3] }
    await store.finish()
  }

  @Test("throttle without latest sends the first of the interval at its end")
  func throttleFirst() async {
    let (store, clock) = makeStore(latest: false)
    await store.send(.scrolled(1))
    await store.receive(.savePosition(1)) { $0.positions = [1] }
    await store.send(.scrolled(2))
    await store.send(.scrolled(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.savePosition(2)) { $0.positions = [1, 2] }
    await store.finish()
  }

  @Test("throttle lets an action through at once after a quiet interval")
  func throttleAfterQuiet() async {
    let (store, clock) = makeStore()
    await store.send(.scrolled(1))
    await store.receive(.savePosition(1)) { $0.positions = [1] }
    await clock.advance(by: .seconds(2))
    await store.send(.scrolled(2))
    await store.receive(.savePosition(2)) { $0.positions = [1, 2] }
    await store.finish()
  }

  @Test("a timer ticks once per interval the clock advances; cancel(ids:) stops it and a debounce")
  func timerAndCancelIDs() async {
    let (store, clock) = makeStore()
    await store.send(.startTicking)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.typed("x"))
    await store.send(.stopAll)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
