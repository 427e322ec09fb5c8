import CoreDependencies
import CoreStore
import CoreTesting
import FugaFeature
import Testing

@MainActor
@Suite("FugaFeature")
struct FugaFeatureTests {
  private func makeStore() -> TestStore<Fuga.State, Fuga.Action> {
    TestStore(initialState: Fuga.State(name: "Ann")) { Fuga() }
  }

  @Test("root asks to pop to the root")
  func root() async {
    let store = makeStore()
    await store.send(.rootTapped)
    await store.receive(.delegate(.navigate(.popToRoot)))
    await store.finish()
  }

  @Test("popto hoge asks to pop to the nearest Hoge")
  func popToHoge() async {
    let store = makeStore()
    await store.send(.popToTapped(.hoge))
    await store.receive(.delegate(.navigate(.popTo(.hoge))))
    await store.finish()
  }

  @Test("hoge asks to push a new Hoge")
  func pushHoge() async {
    let store = makeStore()
    await store.send(.hogeTapped)
    await store.receive(.delegate(.navigate(.push(.hoge))))
    await store.finish()
  }

  @Test("back dismisses Fuga: on a stack that is a real popFrom")
  func backPopsFromStack() async {
    let store = TestStore(initialState: StackHost.State(Fuga.State(name: "Ann"))) {
      StackHost { Fuga() }
    }
    await store.send(.path(.element(id: 0, action: .backTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test("back calls the dismiss dependency")
  func backCallsDismiss() async {
    let calls = DismissCalls()
    let store = TestStore(initialState: Fuga.State(name: "Ann")) {
      Fuga()
    } withDependencies: {
      $0.dismiss = DismissEffect { await calls.record() }
    }
    await store.send(.backTapped).finish()
    #expect(await calls.count == 1)
    await store.finish()
  }

  @Test("delegate actions are for the parent: Fuga ignores them")
  func delegateIgnored() async {
    let store = makeStore()
    await store.send(.delegate(.navigate(.pop)))
    await store.finish()
  }
}

/// Counts dismiss calls.
private actor DismissCalls {
  var count = 0
  func record() { count += 1 }
}
