import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// Steps that log, wait on the clock, and are sequenced with concatenate.
private struct Sequencer: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable, Sendable {
    case start
    case startAndCancel
    case stop
    case step(String)
  }
  enum CancelID { case sequence }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .concatenate(
        .send(.step("first")),
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.step("slow"))
        }
        .cancellable(id: CancelID.sequence),
        .merge(
          .run { send in await send(.step("quick")) },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.step("after a second"))
          }),
        .send(.step("last"))
      )
    case .startAndCancel:
      return .concatenate(.cancel(id: CancelID.sequence), .send(.step("cancelled")))
    case .stop:
      return .cancel(id: CancelID.sequence)
    case .step(let name):
      state.log.append(name)
      return .none
    }
  }
}

@MainActor
@Suite("Effect.concatenate")
struct ConcatenateTests {
  private func makeStore(clock: TestClock) -> TestStore<Sequencer.State, Sequencer.Action> {
    TestStore(initialState: Sequencer.State()) {
      Sequencer()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test("each effect starts when the one before it has finished")
  func runsInOrder() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.start)
    await store.receive(.step("first")) { $0.log = ["first"] }
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["first"])
    await clock.advance(by: .seconds(1))
    await store.receive(.step("slow")) { $0.log.append("slow") }
    await store.receive(.step("quick")) { $0.log.append("quick") }
    await clock.advance(by: .seconds(1))
    await store.receive(.step("after a second")) { $0.log.append("after a second") }
    await store.receive(.step("last")) { $0.log.append("last") }
    await store.finish()
  }

  @Test("cancelling an id a part carries ends the whole sequence")
  func cancellingEndsTheSequence() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.start)
    await store.receive(.step("first")) { $0.log = ["first"] }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.log == ["first"])
  }

  @Test("effects that only send or cancel stay plain steps, in order")
  func synchronousParts() async {
    let store = makeStore(clock: TestClock())
    await store.send(.startAndCancel)
    await store.receive(.step("cancelled")) { $0.log = ["cancelled"] }
    await store.finish()
  }
}
