import CoreDependencies
import CoreStore
import CoreTesting
import Synchronization
import Testing

/// What TCA reports and a user relies on at the edges of presentation: a `.dismiss` with
/// nothing presented, and comparing an unchanged presentation without comparing its value.
@MainActor
@Suite("presentation edges")
struct PresentationEdgeTests {
  @Test(".dismiss with nothing presented is reported and changes nothing")
  func dismissWithNothingPresented() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await withKnownIssue {
      await store.send(.sheet(.dismiss))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("A .dismiss action was sent while nothing is presented")
      }
    }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @Test("two copies of one presentation are equal without comparing the presented value")
  func sharedBoxIsEqualAtOnce() {
    Counted.comparisons.withLock { $0 = 0 }
    let presented = PresentationState(wrappedValue: Counted(value: 1))
    let copy = presented
    #expect(presented == copy)
    #expect(Counted.comparisons.withLock { $0 } == 0)
    let other = PresentationState(wrappedValue: Counted(value: 1))
    #expect(presented == other)
    #expect(Counted.comparisons.withLock { $0 } == 1)
  }
}

/// Reports whether its effect runs in a presented screen.
private struct Probe: Reducer {
  struct State: Equatable { var isPresented: Bool? }
  enum Action: Equatable, Sendable {
    case check
    case checked(Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .check:
      return .run { send in
        @Dependency(\.isPresented) var isPresented
        await send(.checked(isPresented))
      }
    case .checked(let value):
      state.isPresented = value
      return .none
    }
  }
}

@MainActor
@Suite("isPresented")
struct IsPresentedTests {
  @Test("true in an effect of a presented screen, false at the root of a live store")
  func isPresented() async {
    let root = Store(initialState: Probe.State()) { Probe() }
    await root.send(.check).finish()
    #expect(root.state.isPresented == false)
    let store = TestStore(initialState: PresentationHost.State(Probe.State())) {
      PresentationHost { Probe() }
    }
    await store.send(.child(.presented(.check)))
    await store.receive(.child(.presented(.checked(true)))) { $0.child?.isPresented = true }
  }
}

/// A value that counts how often it is compared.
private struct Counted: Equatable {
  static let comparisons = Mutex(0)
  var value: Int

  static func == (lhs: Self, rhs: Self) -> Bool {
    comparisons.withLock { $0 += 1 }
    return lhs.value == rhs.value
  }
}
