import CoreDependencies
import CoreStore
import Foundation
import Testing

@testable import CoreTesting

/// A feature that changes two fields at once and answers with a chain of actions.
private struct Chatter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
    var stamp: UUID?
  }

  enum Action: Equatable, Sendable {
    case bump
    case chat
    case said(String)
    case listen
    case stamp
    case stamped(UUID)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .bump:
      state.count += 1
      state.log.append("bump")
      return .none
    case .chat:
      return .run { send in
        await send(.said("a"))
        await send(.said("b"))
        await send(.said("c"))
      }
    case .said(let word):
      state.log.append(word)
      return .none
    case .listen:
      return .run { _ in try await clock.sleep(for: .seconds(60)) }
    case .stamp:
      state.stamp = uuid()
      let uuid = self.uuid
      return .run { send in await send(.stamped(uuid())) }
    case .stamped(let id):
      state.stamp = id
      return .none
    }
  }
}

extension CasePath<Chatter.Action, String> {
  fileprivate static var said: Self {
    CasePath(Chatter.Action.said) { if case .said(let word) = $0 { word } else { nil } }
  }
}

@MainActor
@Suite("TestStore modes")
struct TestStoreModesTests {
  private func makeStore() -> TestStore<Chatter.State, Chatter.Action> {
    TestStore(initialState: Chatter.State()) {
      Chatter()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.uuid = .incrementing
    }
  }

  @Test("not exhaustive: a partial assertion passes while other fields changed too")
  func partialAssertion() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.bump) { $0.count = 1 }
    await store.send(.bump)
    #expect(store.state.count == 2)
  }

  @Test("not exhaustive: what the test does assert must still hold")
  func partialAssertionStillFails() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.bump) { $0.count = 5 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was not as expected") }
    }
  }

  @Test("not exhaustive: the assertion closure sees the state after the step, not before it")
  func closureSeesActualState() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.bump)
    await store.send(.bump) {
      #expect($0.count == 2)
      #expect($0.log == ["bump", "bump"])
    }
    await store.send(.chat)
    await store.receive(.said("b")) { #expect($0.log.last == "b") }
    await store.skipReceivedActions()
  }

  @Test(
    "showing skipped assertions: an #expect that fails only on the earlier state is a known issue")
  func skippedExpectationIsKnownIssue() async {
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.bump)
    await store.send(.bump) { #expect($0.count == 2) }
    #expect(store.skippedAssertions.count == 2)
  }

  @Test("a receive of the wrong action reports that action alone and takes its state as asserted")
  func mismatchedReceiveAdoptsState() async {
    let store = makeStore()
    await store.send(.chat)
    await withKnownIssue {
      await store.receive(.said("z")) { $0.log = ["z"] }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Received an unexpected action") && !text.contains("State after")
    }
    // Checked from the state the wrong action left, not from the failed assertion.
    await store.receive(.said("b")) { $0.log = ["a", "b"] }
    await store.receive(.said("c")) { $0.log = ["a", "b", "c"] }
  }

  @Test("not exhaustive: receive skips the actions before the one asked for; finish passes")
  func receiveSkipsEarlierActions() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.chat)
    await store.receive(.said("c")) { $0.log = ["a", "b", "c"] }
    await store.send(.chat)
    await store.finish()
  }

  @Test("not exhaustive: a receive that never matches fails, naming what arrived instead")
  func receiveThatNeverMatches() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.chat)
    await withKnownIssue {
      await store.receive(.said("z"), timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("received instead: .said(\"a\")") }
    }
  }

  @Test("showing skipped assertions lists them as known issues and does not fail")
  func showSkippedAssertions() async {
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.bump) { $0.count = 1 }
    await store.send(.chat)
    await store.receive(.said("b")) { $0.log = ["bump", "a", "b"] }
    #expect(store.skippedAssertions.count == 2)
    #expect(store.skippedAssertions.first?.contains("State changes not asserted") == true)
    #expect(store.skippedAssertions.last?.contains("before it: .said(\"a\")") == true)
    await store.skipReceivedActions()
    await store.finish()
  }

  @Test("receive by case path takes any value of the case; a wrong case fails")
  func receiveByCasePath() async {
    let store = makeStore()
    await store.send(.chat)
    await store.receive(.said) { $0.log = ["a"] }
    await store.receive(.said, "b") { $0.log = ["a", "b"] }
    await withKnownIssue {
      await store.receive(.said, "z") { $0.log = ["a", "b", "c"] }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Received an unexpected action") }
    }
    await store.send(.stamp) { $0.stamp = UUID(counting: 0) }
    await withKnownIssue {
      await store.receive(.said)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("which is not of the expected case") }
        || issue.comments.contains { $0.rawValue.contains("asserted no change") }
    }
  }

  @Test("receive by predicate; a rejected action fails")
  func receiveByPredicate() async {
    let store = makeStore()
    await store.send(.chat)
    await store.receive({ $0 == .said("a") }, assert: { $0.log = ["a"] })
    await withKnownIssue {
      await store.receive({ $0 == .bump }, assert: { $0.log = ["a", "b"] })
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("which the predicate rejected") }
    }
    await store.receive({ _ in true }, assert: { $0.log = ["a", "b", "c"] })
    await store.finish()
  }

  @Test("skipReceivedActions drops them and takes their state as asserted; strict fails on none")
  func skipReceived() async {
    let store = makeStore()
    await store.send(.chat)
    await store.skipReceivedActions()
    await store.send(.bump) {
      $0.count = 1
      $0.log.append("bump")
    }
    #expect(store.state.log == ["a", "b", "c", "bump"])
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no received actions to skip") }
    }
    await store.skipReceivedActions(strict: false)
    await store.finish()
  }

  @Test("skipInFlightEffects cancels running effects so finish passes; strict fails on none")
  func skipInFlight() async {
    let store = makeStore()
    await store.send(.listen)
    await store.skipInFlightEffects()
    await store.finish()
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no in-flight effects to skip") }
    }
  }

  @Test("dependencies changed between steps reach later reduces and their effects")
  func changeDependenciesBetweenSteps() async {
    let store = makeStore()
    await store.send(.stamp) { $0.stamp = UUID(counting: 0) }
    await store.receive(.stamped(UUID(counting: 1))) { $0.stamp = UUID(counting: 1) }
    let fixed = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!
    store.dependencies.uuid = UUIDGenerator { fixed }
    await store.send(.stamp) { $0.stamp = fixed }
    await store.receive(.stamped(fixed))
    await store.finish()
  }

  @Test("exhaustive is the default: an unasserted change fails")
  func exhaustiveByDefault() async {
    let store = makeStore()
    #expect(store.exhaustivity == .on)
    await withKnownIssue {
      await store.send(.bump) { $0.count = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was not as expected") }
    }
  }
}
