import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import Testing

/// Where the module of `Leaf` may ask to go.
enum PlaceRoute: NavigationRoute {
  case shop(name: String)
  case home
}

/// Another module's routes, with a case of the same name.
enum OtherRoute: NavigationRoute {
  case shop(name: String)
}

/// A reducer two levels down that asks for a screen with no parent relaying it.
struct Leaf: Reducer {
  struct State: Equatable {
    var name = "Milk"
  }

  enum Action: Equatable, Sendable {
    case openTapped
    case homeTapped
  }

  @Dependency(\.navigate) var navigate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .openTapped:
      return .run { [name = state.name] _ in await navigate(.push(PlaceRoute.shop(name: name))) }
    case .homeTapped:
      return .run { _ in await navigate(NavigationCommand<PlaceRoute>.popToRoot) }
    }
  }
}

/// The screen between: it knows nothing of navigation.
private struct Middle: Reducer {
  struct State: Equatable {
    var leaf = Leaf.State()
  }

  enum Action: Equatable, Sendable {
    case leaf(Leaf.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(
      state: \.leaf,
      action: CasePath(
        { .leaf($0) }, extract: { if case .leaf(let value) = $0 { value } else { nil } })
    ) { Leaf() }
  }
}

/// A router: every request its children's effects make comes back as its own action.
private struct Router: Reducer {
  struct State: Equatable {
    var middle = Middle.State()
    var pushed: [String] = []
  }

  enum Action: Equatable, Sendable {
    case middle(Middle.Action)
    case navigationRequested(NavigationRequest)
  }

  var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(
        state: \.middle,
        action: CasePath(
          { .middle($0) }, extract: { if case .middle(let value) = $0 { value } else { nil } })
      ) { Middle() }
      Reduce { state, action in
        if case .navigationRequested(let request) = action,
          case .push(.shop(let name)) = request.command(as: PlaceRoute.self)
        {
          state.pushed.append(name)
        }
        return .none
      }
    }
    .navigationRequests(
      CasePath(
        { .navigationRequested($0) },
        extract: { if case .navigationRequested(let value) = $0 { value } else { nil } }))
  }
}

@MainActor
@Suite("Navigating from anywhere")
struct NavigateEffectTests {
  @Test("a request two levels down reaches the router as its own action; no parent relays it")
  func routerReceivesRequest() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await store.send(.middle(.leaf(.openTapped)))
    await store.receive(
      .navigationRequested(NavigationRequest(.push(PlaceRoute.shop(name: "Milk"))))
    ) {
      $0.pushed = ["Milk"]
    }
  }

  @Test("a test store of the child sees the request; a wrong or unasserted one fails")
  func childTestStore() async {
    let store = TestStore(initialState: Leaf.State()) { Leaf() }
    await store.send(.openTapped)
    await store.receiveNavigation(.push(PlaceRoute.shop(name: "Milk")))
    await withKnownIssue {
      await store.send(.openTapped)
      await store.receiveNavigation(.push(PlaceRoute.shop(name: "Tea")))
    } matching: { issue in
      issue.description.contains("but the request was .push(PlaceRoute.shop(name: \"Milk\"))")
    }
    await withKnownIssue {
      await store.send(.homeTapped)
      await store.finish()
    } matching: { issue in
      issue.description.contains("Must assert 1 navigation request(s) with receiveNavigation")
    }
    await withKnownIssue {
      await store.receiveNavigation(.pop as NavigationCommand<PlaceRoute>, timeout: .zero)
    } matching: { issue in
      issue.description.contains("but none was made")
    }
  }

  @Test("navigate outside any router or test store is reported and does nothing")
  func outsideARouter() async {
    let navigate = NavigateEffect.liveValue
    await withKnownIssue {
      await navigate(.push(PlaceRoute.home))
    } matching: { issue in
      issue.description.contains("navigate(.push(PlaceRoute.home)) was called outside")
    }
  }

  @Test("a request names its route type: the same case of another module's routes differs")
  func requestsAreTyped() {
    let mine = NavigationRequest(.push(PlaceRoute.shop(name: "A")))
    let theirs = NavigationRequest(.push(OtherRoute.shop(name: "A")))
    #expect(mine != theirs)
    #expect(mine == NavigationRequest(.push(PlaceRoute.shop(name: "A"))))
    #expect(mine != NavigationRequest(.push(PlaceRoute.shop(name: "B"))))
    #expect(mine.command(as: PlaceRoute.self) == .push(.shop(name: "A")))
    #expect(mine.command(as: OtherRoute.self) == nil)
    let pop = NavigationRequest(NavigationCommand<PlaceRoute>.pop)
    #expect(pop.command(as: PlaceRoute.self) == .pop)
    #expect(pop != NavigationRequest(NavigationCommand<OtherRoute>.pop))
    #expect(pop.description == ".pop (PlaceRoute)")
    #expect(mine.description == ".push(PlaceRoute.shop(name: \"A\"))")
  }
}
