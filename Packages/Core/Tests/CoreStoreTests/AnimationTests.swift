import CoreStore
import CoreTesting
import Testing

/// A feature that sends with SwiftUI's `animation:` spellings, as TCA code does.
private struct Animated: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tapped
    case loaded(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      return .run { send in
        await send(.loaded(1), animation: .default)
        await send(.loaded(2), animation: .spring(response: 0.3))
        await send(.loaded(3), animation: nil)
      }
    case .loaded(let value):
      state.count += value
      return .none
    }
  }
}

@MainActor
@Suite("send(_:animation:) without SwiftUI: the action is sent as without one")
struct AnimationTests {
  @Test("an effect's send with an animation delivers each action in order")
  func effectSend() async {
    let store = TestStore(initialState: Animated.State()) { Animated() }
    await store.send(.tapped)
    await store.receive(.loaded(1)) { $0.count = 1 }
    await store.receive(.loaded(2)) { $0.count = 3 }
    await store.receive(.loaded(3)) { $0.count = 6 }
  }

  @Test("a store's send with an animation runs the action")
  func storeSend() {
    let store = Store(initialState: Animated.State()) { Animated() }
    store.send(.loaded(4), animation: .easeInOut(duration: 0.2))
    #expect(store.count == 4)
    #expect(Animation.default != Animation.linear)
  }
}
