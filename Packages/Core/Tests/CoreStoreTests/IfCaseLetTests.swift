import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A counter that can start a ticking effect on the clock dependency.
struct SessionTicker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// An app that is signed in (with a ticker) or signed out: an enum of states, a child per case.
struct Session: Reducer {
  enum State: CasePathable, Equatable {
    case signedIn(SessionTicker.State)
    case signedOut
  }

  enum Action: CasePathable, Equatable, Sendable {
    case signedIn(SessionTicker.Action)
    case signOut
    case signIn
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signOut: state = .signedOut
      case .signIn: state = .signedIn(SessionTicker.State())
      case .signedIn: break
      }
      return .none
    }
    .ifCaseLet(\.signedIn, action: \.signedIn) { SessionTicker() }
  }
}

@MainActor
@Suite("ifCaseLet, as TCA's")
struct IfCaseLetTests {
  @Test("the child runs while the state is in its case; leaving the case cancels its work")
  func childRunsAndIsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Session.State.signedIn(SessionTicker.State())) {
      Session()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.signedIn(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.signedIn(.tick)) { $0 = .signedIn(SessionTicker.State(ticks: 1)) }
    await store.send(.signOut) { $0 = .signedOut }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("an action for a case the state is not in is reported and changes nothing")
  func actionForAnotherCase() async {
    let store = TestStore(initialState: Session.State.signedOut) { Session() }
    await withKnownIssue {
      await store.send(.signedIn(.tick))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("a case the state is not in") }
    }
    await store.send(.signIn) { $0 = .signedIn(SessionTicker.State()) }
  }
}
