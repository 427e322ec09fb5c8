import CoreStore
import CoreTesting
import Testing

/// A menu that presents a counter or a question: a destination written as TCA writes an
/// `@Reducer enum`, its State, Action, body and `store.case` generated.
struct Menu: Reducer {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action: CasePathable, Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case counterTapped
    case quitTapped
    case quitConfirmed
  }

  enum Destination: CaseReducer {
    case counter(Counter)
    case question(AlertState<Question>)

    enum Question: Equatable, Sendable {
      case quit
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counterTapped:
        state.destination = .counter(Counter.State())
        return .none
      case .quitTapped:
        state.destination = .question(
          AlertState(
            title: "Quit?", message: nil,
            buttons: [ButtonState(role: .destructive, action: .quit, label: "Quit")]))
        return .none
      case .destination(.presented(.question(.quit))):
        return .send(.quitConfirmed)
      case .destination, .quitConfirmed:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
@Suite("Reducer enums, as TCA's @Reducer enum")
struct ReducerEnumTests {
  @Test("ifLet with no closure runs the active case's reducer; dismiss closes it")
  func ifLetRunsTheCase() async {
    let store = TestStore(initialState: Menu.State()) { Menu() }
    await store.send(.counterTapped) { $0.destination = .counter(Counter.State()) }
    await store.send(.destination(.presented(.counter(.increment)))) {
      $0.destination = .counter(Counter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("an alert case has no reducer: its answer reaches the parent and it closes itself")
  func alertCase() async {
    let store = TestStore(initialState: Menu.State()) { Menu() }
    await store.send(.quitTapped) {
      $0.destination = .question(
        AlertState(
          title: "Quit?", message: nil,
          buttons: [ButtonState(role: .destructive, action: .quit, label: "Quit")]))
    }
    await store.send(.destination(.presented(.question(.quit)))) { $0.destination = nil }
    await store.receive(.quitConfirmed)
    await store.finish()
  }

  @Test("store.case is the store of the active case, which reads and sends through the root")
  func storeCase() {
    let store = Store(initialState: Menu.State()) { Menu() }
    store.send(.counterTapped)
    guard
      let destination = store.scope(
        state: \.destination, action: CasePath(\.destination).presented)
    else {
      Issue.record("no destination")
      return
    }
    switch destination.case {
    case .counter(let counter):
      counter.send(.increment)
      #expect(counter.count == 1)
      #expect(store.destination == .counter(Counter.State(count: 1)))
    case .question:
      Issue.record("expected the counter")
    }
  }

  @Test("a wrong assertion about the active case fails the test")
  func wrongAssertionFails() async {
    let store = TestStore(initialState: Menu.State()) { Menu() }
    await withKnownIssue {
      await store.send(.counterTapped) { $0.destination = .counter(Counter.State(count: 5)) }
    }
  }
}
