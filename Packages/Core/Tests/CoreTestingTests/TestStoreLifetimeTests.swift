import CoreDependencies
import CoreStore
import Foundation
import Testing

@testable import CoreTesting

/// A feature with a repeating timer that can close itself, and an effect that escapes its
/// send into an unstructured task.
private struct Meeting: Reducer {
  struct State: Equatable {
    var seconds = 0
    var isDone = false
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case tick
    case endTapped
    case leak
    case leaked
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  let gate: TestGate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.seconds += 1
      return .none
    case .endTapped:
      return .run { _ in await dismiss() }
    case .leak:
      return .run { [gate] send in
        // Not awaited: the effect ends before this sends.
        Task {
          await gate.wait()
          await send(.leaked)
        }
      }
    case .leaked:
      state.isDone = true
      return .none
    }
  }
}

@MainActor
@Suite("TestStore and the lifetime of its root")
struct TestStoreLifetimeTests {
  private func makeStore(clock: TestClock, gate: TestGate = TestGate()) -> TestStore<
    Meeting.State, Meeting.Action
  > {
    TestStore(initialState: Meeting.State()) {
      Meeting(gate: gate)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test("the root's dismiss marks the store dismissed and cancels its work, as in TCA")
  func rootDismiss() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    #expect(!store.isDismissed)
    await store.send(.endTapped)
    #expect(store.isDismissed)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("sending to a dismissed test store fails and changes nothing")
  func sendAfterDismiss() async {
    let store = makeStore(clock: TestClock())
    await store.send(.endTapped)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.tick) { $0.seconds = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Can't send .tick to a dismissed test store") }
    }
    #expect(store.state.seconds == 0)
  }

  @Test("an action sent from an effect that already ended is reported, even after finish")
  func sentFromCompletedEffect() async {
    let gate = TestGate()
    let store = makeStore(clock: TestClock(), gate: gate)
    await withKnownIssue {
      await store.send(.leak)
      await store.finish()
      gate.open()
      // The live state (`store.state` is the last asserted one, which this action never was).
      for _ in 0..<10_000 where !store.store.unobservedState.isDone { await Task.yield() }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("An action was sent from a completed effect: .leaked")
      }
    }
    #expect(store.store.unobservedState.isDone)
    #expect(!store.state.isDone)
  }
}

/// A client that declares only a live value, as many apps' clients do.
private struct NumberClient: DependencyKey, Sendable {
  var fetch: @Sendable () async -> Int
  static let liveValue = NumberClient { 42 }
}

/// Reads the number.
private struct Fetcher: Reducer {
  struct State: Equatable { var number = 0 }
  enum Action: Equatable, Sendable {
    case fetch
    case fetched(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      return .run { send in
        await send(.fetched(await DependencyValues.current[NumberClient.self].fetch()))
      }
    case .fetched(let number):
      state.number = number
      return .none
    }
  }
}

@MainActor
@Suite("TestStore dependency overrides")
struct TestStoreOverrideTests {
  @Test("overriding one endpoint of a live-only client in withDependencies: reports nothing")
  func endpointOverride() async {
    let store = TestStore(initialState: Fetcher.State()) {
      Fetcher()
    } withDependencies: {
      $0[NumberClient.self].fetch = { 1 }
    }
    await store.send(.fetch)
    await store.receive(.fetched(1)) { $0.number = 1 }
  }
}
