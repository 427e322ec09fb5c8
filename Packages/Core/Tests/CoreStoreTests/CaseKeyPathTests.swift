import CoreDependencies
import CoreStore
import CoreTesting
import Testing

// Features whose enums conform to CasePathable: `make generate` writes their case paths into
// CaseKeyPathTests.generated.swift, so these tests run the generator's real output.

/// A counter, the child everything below scopes to.
struct Tally: Reducer {
  struct State: Equatable, Sendable { var count = 0 }

  enum Action: CasePathable, Equatable, Sendable {
    case increment
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .set(let value): state.count = value
    }
    return .none
  }
}

/// A parent with a child property, a presented destination and a stack of tallies.
struct Board: Reducer {
  struct State: Equatable, Sendable {
    var tally = Tally.State()
    @PresentationState var destination: Destination.State?
    var path = StackState<Tally.State>()
  }

  enum Action: CasePathable, Equatable, Sendable {
    case tally(Tally.Action)
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<Tally.State, Tally.Action>)
    case open
  }

  /// One presented tally, as one case of an enum.
  struct Destination: Reducer {
    enum State: CasePathable, Equatable, Sendable {
      case tally(Tally.State)
      case note(String)
    }

    enum Action: CasePathable, Equatable, Sendable {
      case tally(Tally.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.tally, action: \.tally) { Tally() }
    }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.tally, action: \.tally) { Tally() }
    Reduce { state, action in
      if case .open = action { state.destination = .tally(Tally.State()) }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .forEach(\.path, action: \.path) { Tally() }
  }
}

@Suite("Case key paths")
@MainActor
struct CaseKeyPathTests {
  @Test("a case key path embeds its case and extracts it, and nothing from another case")
  func embedAndExtract() {
    let tally = CasePath<Board.Action, Tally.Action>(\.tally)
    #expect(tally.embed(.increment) == .tally(.increment))
    #expect(tally.extract(from: .tally(.set(2))) == .set(2))
    #expect(tally.extract(from: .open) == nil)

    let open = CasePath<Board.Action, Void>(\.open)
    #expect(open.embed(()) == .open)
    #expect(open.extract(from: .open) != nil && open.extract(from: .tally(.increment)) == nil)
  }

  @Test("chained through a nested enum, and through .presented as TCA spells it")
  func chains() {
    let set = CasePath<Board.Action, Int>(\.tally.set)
    #expect(set.embed(5) == .tally(.set(5)))
    #expect(set.extract(from: .tally(.set(5))) == 5)
    #expect(set.extract(from: .tally(.increment)) == nil)

    let presented = CasePath<Board.Action, Tally.Action>(\.destination.tally)
    #expect(presented.embed(.increment) == .destination(.presented(.tally(.increment))))
    #expect(presented.extract(from: .destination(.dismiss)) == nil)
  }

  @Test("\\.path[id:] reaches one stack element's actions and no other's")
  func stackElement() {
    let third = CasePath<Board.Action, Tally.Action>(\.path[id: 3])
    #expect(third.embed(.increment) == .path(.element(id: 3, action: .increment)))
    #expect(third.extract(from: .path(.element(id: 3, action: .set(1)))) == .set(1))
    #expect(third.extract(from: .path(.element(id: 4, action: .set(1)))) == nil)
    #expect(third.extract(from: .path(.popFrom(id: 3))) == nil)
  }

  @Test("Scope, ifLet and forEach with case key paths run their children")
  func reducers() async {
    let store = TestStore(initialState: Board.State()) { Board() }
    await store.send(.tally(.increment)) { $0.tally.count = 1 }
    await store.send(.open) { $0.destination = .tally(Tally.State()) }
    await store.send(.destination(.presented(.tally(.set(7))))) {
      $0.$destination[case: \.tally]?.count = 7
    }
    await store.send(.path(.push(id: 0, state: Tally.State()))) {
      $0.path[id: 0] = Tally.State()
    }
    await store.send(.path(.element(id: 0, action: .increment))) {
      $0.path[id: 0]?.count = 1
    }
  }

  @Test("the generated optional property reads a case's value, nil for another case")
  func optionalProperties() {
    let state = Board.Destination.State.tally(Tally.State(count: 2))
    #expect(state.tally?.count == 2)
    #expect(state.note == nil)
    #expect(Board.Destination.State.note("hi").note == "hi")
  }

  @Test("store.scope with an optional key path and a case key path: nil while absent")
  func storeScope() {
    let store = Store(initialState: Board.State()) { Board() }
    #expect(store.scope(state: \.destination?.tally, action: \.destination.tally) == nil)
    store.send(.open)
    let child = store.scope(state: \.destination?.tally, action: \.destination.tally)
    child?.send(.set(4))
    #expect(store.state.destination?.tally?.count == 4)
    let tally = store.scope(state: \.tally, action: \.tally)
    tally.send(.increment)
    #expect(store.state.tally.count == 1)
  }

  @Test("an action for an enum case that is not the current one is reported and ignored")
  func wrongCase() {
    let store = Store(
      initialState: Board.Destination.State.note("x")
    ) {
      Board.Destination()
    }
    withKnownIssue {
      store.send(.tally(.increment))
    } matching: { issue in
      issue.description.contains("while the state was another case")
    }
    #expect(store.state == .note("x"))
  }
}
