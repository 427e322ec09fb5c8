import CoreStore
import CoreTesting
import Testing

// TCA's case study "04-NavigationStack" (NavigationDemo, ScreenA, ScreenB), its reducers as TCA
// writes them with only the macros expanded: `@Reducer struct` is `: Reducer` (with its
// `Action` `CasePathable`, as the macro makes it), `@Reducer enum` is `: CaseReducer`,
// `@ObservableState` is gone. ScreenC is left out: it reads
// `@Dependency(\.mainQueue)`, which TCA offers only where Combine exists (not on Linux).

struct NavigationDemo: Reducer {
  enum Path: CaseReducer {
    case screenA(ScreenA)
    case screenB(ScreenB)
  }

  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: CasePathable {
    case goBackToScreen(id: StackElementID)
    case goToABCButtonTapped
    case path(StackActionOf<Path>)
    case popToRoot
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .goBackToScreen(let id):
        state.path.pop(to: id)
        return .none

      case .goToABCButtonTapped:
        state.path.append(.screenA(ScreenA.State()))
        state.path.append(.screenB(ScreenB.State()))
        return .none

      case .path(let action):
        switch action {
        case .element(id: _, action: .screenB(.screenAButtonTapped)):
          state.path.append(.screenA(ScreenA.State()))
          return .none

        case .element(id: _, action: .screenB(.screenBButtonTapped)):
          state.path.append(.screenB(ScreenB.State()))
          return .none

        default:
          return .none
        }

      case .popToRoot:
        state.path.removeAll()
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}
extension NavigationDemo.Path.State: Equatable {}

struct ScreenA: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Action: CasePathable {
    case decrementButtonTapped
    case dismissButtonTapped
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(Result<String, any Error>)
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.caseStudyFacts) var factClient

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none

      case .dismissButtonTapped:
        return .run { _ in
          await self.dismiss()
        }

      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .factButtonTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factResponse(Result { try await self.factClient.fetch(count) }))
        }

      case .factResponse(.success(let fact)):
        state.isLoading = false
        state.fact = fact
        return .none

      case .factResponse(.failure):
        state.isLoading = false
        state.fact = nil
        return .none
      }
    }
  }
}

struct ScreenB: Reducer {
  struct State: Equatable {}

  enum Action: CasePathable {
    case screenAButtonTapped
    case screenBButtonTapped
    case screenCButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .screenAButtonTapped:
        return .none
      case .screenBButtonTapped:
        return .none
      case .screenCButtonTapped:
        return .none
      }
    }
  }
}

/// The case studies' fact client, as `@DependencyClient` expands it.
struct CaseStudyFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension CaseStudyFactClient: TestDependencyKey {
  static let testValue = CaseStudyFactClient(fetch: unimplemented("CaseStudyFactClient.fetch"))
}

extension DependencyValues {
  var caseStudyFacts: CaseStudyFactClient {
    get { self[CaseStudyFactClient.self] }
    set { self[CaseStudyFactClient.self] = newValue }
  }
}

private struct FactError: Error {}

@MainActor
@Suite("TCA's NavigationStack case study, ported by expanding its macros")
struct TCANavigationStackCaseStudyTests {
  @Test("screen B pushes A and B; going back to a screen pops what is over it")
  func pushAndGoBack() async {
    let store = TestStore(initialState: NavigationDemo.State()) { NavigationDemo() }
    await store.send(.goToABCButtonTapped) {
      $0.path.append(.screenA(ScreenA.State()))
      $0.path.append(.screenB(ScreenB.State()))
    }
    await store.send(\.path[id: 1].screenB.screenAButtonTapped) {
      $0.path.append(.screenA(ScreenA.State()))
    }
    await store.send(.goBackToScreen(id: 0)) {
      $0.path.pop(to: 0)
    }
    await store.send(.popToRoot) { $0.path.removeAll() }
  }

  @Test("screen A loads a fact, shows none on a failure, and dismisses itself")
  func factAndDismiss() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    } withDependencies: {
      $0.caseStudyFacts.fetch = { "\($0) is a good number." }
    }
    await store.send(.goToABCButtonTapped) {
      $0.path.append(.screenA(ScreenA.State()))
      $0.path.append(.screenB(ScreenB.State()))
    }
    await store.send(\.path[id: 0].screenA.incrementButtonTapped) {
      $0.path[id: 0, case: \.screenA]?.count = 1
    }
    await store.send(\.path[id: 0].screenA.factButtonTapped) {
      $0.path[id: 0, case: \.screenA]?.isLoading = true
    }
    await store.receive(\.path[id: 0].screenA.factResponse.success) {
      $0.path[id: 0, case: \.screenA]?.isLoading = false
      $0.path[id: 0, case: \.screenA]?.fact = "1 is a good number."
    }
    store.dependencies.caseStudyFacts.fetch = { _ in throw FactError() }
    await store.send(\.path[id: 0].screenA.factButtonTapped) {
      $0.path[id: 0, case: \.screenA]?.isLoading = true
    }
    await store.receive(\.path[id: 0].screenA.factResponse.failure) {
      $0.path[id: 0, case: \.screenA]?.isLoading = false
      $0.path[id: 0, case: \.screenA]?.fact = nil
    }
    await store.send(\.path[id: 0].screenA.dismissButtonTapped)
    await store.receive(\.path.popFrom) { $0.path.pop(from: 0) }
  }

  @Test("a wrong expectation about the pushed screens fails, as TCA's would")
  func wrongPushFails() async {
    let store = TestStore(initialState: NavigationDemo.State()) { NavigationDemo() }
    await withKnownIssue {
      await store.send(.goToABCButtonTapped) {
        $0.path.append(.screenB(ScreenB.State()))
      }
    }
  }
}
