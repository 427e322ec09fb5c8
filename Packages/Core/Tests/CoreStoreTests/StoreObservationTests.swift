import CoreStore
import Observation
import Synchronization
import Testing

/// Two counters side by side, and actions that change one twice, or change it and back, in a
/// single batch.
private struct Pair: Reducer {
  struct State: Equatable {
    var left = Counter.State()
    var right = Counter.State()
  }

  enum Action: Equatable, Sendable {
    case left(Counter.Action)
    case right(Counter.Action)
    case leftTwice
    case leftAndBack
    case nothing
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: Self.left) { Counter() }
    Scope(state: \.right, action: Self.right) { Counter() }
    Reduce { _, action in
      switch action {
      case .leftTwice: .merge(.send(.left(.increment)), .send(.left(.increment)))
      case .leftAndBack: .merge(.send(.left(.increment)), .send(.left(.decrement)))
      case .left, .right, .nothing: .none
      }
    }
  }

  static let left = CasePath(Action.left) { if case .left(let action) = $0 { action } else { nil } }
  static let right = CasePath(Action.right) {
    if case .right(let action) = $0 { action } else { nil }
  }
}

/// State that cannot be compared: its store cannot tell a change from none.
private struct Opaque: Reducer {
  struct State { var count = 0 }
  enum Action: Sendable { case bump, nothing }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .bump = action { state.count += 1 }
    return .none
  }
}

/// A reader that, like a view, reads again (and so observes again) each time it is told of a
/// change, and counts the times it was told.
@MainActor
private final class Reader: Sendable {
  private let read: @MainActor () -> Void
  private let told = Mutex(0)

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    observe()
  }

  var changes: Int { told.withLock { $0 } }

  private func observe() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.told.withLock { $0 += 1 }
        self.observe()
      }
    }
  }
}

@MainActor
@Suite("Store observation")
struct StoreObservationTests {
  @Test("reading state registers; a batch that changes it notifies once, however many actions ran")
  func oncePerBatch() {
    let store = Store(initialState: Pair.State()) { Pair() }
    let reader = Reader { _ = store.state.left.count }
    store.send(.leftTwice)
    #expect(store.state.left.count == 2)
    #expect(reader.changes == 1)
    store.send(.left(.increment))
    #expect(reader.changes == 2)
  }

  @Test("a scoped store notifies for its own part, never for a sibling's")
  func scopedStoreIgnoresSiblings() {
    let store = Store(initialState: Pair.State()) { Pair() }
    let left = store.scope(state: \.left, action: Pair.left)
    let reader = Reader { _ = left.state.count }
    store.send(.right(.increment))
    store.send(.right(.decrement))
    #expect(reader.changes == 0)
    store.send(.left(.increment))
    #expect(reader.changes == 1)
    left.send(.increment)
    #expect(reader.changes == 2)
  }

  @Test("a batch that leaves the state equal, or does nothing, notifies nobody")
  func equalStateIsNoChange() {
    let store = Store(initialState: Pair.State()) { Pair() }
    let reader = Reader { _ = store.state }
    store.send(.nothing)
    store.send(.leftAndBack)
    #expect(reader.changes == 0)
    store.send(.leftTwice)
    #expect(reader.changes == 1)
  }

  @Test("state that is not Equatable notifies after every batch, changed or not")
  func opaqueStateNotifiesEveryBatch() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    let reader = Reader { _ = store.state.count }
    store.send(.nothing)
    store.send(.bump)
    #expect(reader.changes == 2)
  }

  @Test("an optional scoped store notifies when its child changes and when it goes away")
  func optionalScopedStore() throws {
    let store = Store(initialState: Router.State()) { Router() }
    store.send(.toggleOptionalCounter)
    let scoped = store.scope(state: { $0.optionalCounter }, action: .optionalCounter)
    let child = try #require(scoped)
    let reader = Reader { _ = child.state.count }
    store.send(.counter(.increment))
    #expect(reader.changes == 0)
    child.send(.increment)
    #expect(reader.changes == 1)
    // Gone: the store keeps its last state, which is equal, so nothing to redraw from it.
    store.send(.toggleOptionalCounter)
    #expect(reader.changes == 1)
    #expect(child.state.count == 1)
  }

  @Test("the root store does not keep the scoped stores it tells alive")
  func scopedStoresAreNotRetained() {
    let store = Store(initialState: Pair.State()) { Pair() }
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let left = store.scope(state: \.left, action: Pair.left)
      _ = left.state
      released = left
    }
    store.send(.left(.increment))
    #expect(released == nil)
    #expect(store.state.left.count == 1)
  }
}
