import CoreStore
import CoreTesting
import Testing

/// A feature whose one effect waits on a gate the test opens.
private struct Held: Reducer {
  struct State: Equatable { var isDone = false }
  enum Action: Equatable, Sendable {
    case start
    case done
  }

  let gate: TestGate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [gate] send in
        await gate.wait()
        await send(.done)
      }
    case .done:
      state.isDone = true
      return .none
    }
  }
}

/// `Store.waitForEffects` is resumed by the end of the last effect, or answers false when the
/// time runs out first; the work it waited for has sent its actions by then.
@MainActor
@Suite("waiting for effects")
struct WaitForEffectsTests {
  @Test("returns true once the last effect ended, with its actions processed")
  func resumedByTheLastEffect() async {
    let gate = TestGate()
    let store = Store(initialState: Held.State()) { Held(gate: gate) }
    store.send(.start)
    let waiting = Task { await store.waitForEffects(timeout: .seconds(600)) }
    for _ in 0..<100 { await Task.yield() }
    #expect(!store.state.isDone)
    gate.open()
    #expect(await waiting.value)
    #expect(store.state.isDone)
  }

  @Test("returns false when the time runs out first; true at once when nothing runs")
  func timesOut() async {
    let gate = TestGate()
    let store = Store(initialState: Held.State()) { Held(gate: gate) }
    #expect(await store.waitForEffects(timeout: .zero))
    store.send(.start)
    #expect(await store.waitForEffects(timeout: .milliseconds(10)) == false)
    gate.open()
    #expect(await store.waitForEffects(timeout: .seconds(600)))
  }
}
