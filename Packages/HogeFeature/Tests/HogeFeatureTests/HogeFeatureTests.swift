import CoreDependencies
import CoreStore
import CoreTesting
import HogeFeature
import Testing

@MainActor
@Suite("HogeFeature")
struct HogeFeatureTests {
  @Test("a typed name is kept, trimmed")
  func nameChanged() async {
    let store = TestStore(initialState: Hoge.State()) { Hoge() }
    await store.send(.set(\.name, "  Ann  ")) { $0.name = "Ann" }
    await store.finish()
  }

  @Test("fuga pushes Fuga with the name as plain data")
  func fugaPushesWithName() async {
    let store = TestStore(initialState: Hoge.State(name: "Ann")) { Hoge() }
    await store.send(.fugaTapped)
    await store.receive(.delegate(.navigate(.push(.fuga(name: "Ann")))))
    await store.finish()
  }

  @Test("fuga without a name is refused on the screen and asks for nothing")
  func fugaWithoutName() async {
    let store = TestStore(initialState: Hoge.State()) { Hoge() }
    await store.send(.fugaTapped) { $0.message = #"Type a name first: name "Ann"."# }
    await store.send(.set(\.name, "Bo")) {
      $0.name = "Bo"
      $0.message = nil
    }
    await store.finish()
  }

  @Test("a name over the limit is refused and the old name kept")
  func nameTooLong() async {
    let store = TestStore(initialState: Hoge.State(name: "Ann")) { Hoge() }
    let long = String(repeating: "x", count: Hoge.maximumNameLength + 1)
    await store.send(.set(\.name, long)) {
      $0.message = "A name has at most 40 characters; this one has 41."
    }
    await store.finish()
  }

  @Test("back dismisses Hoge: on a stack that is a real popFrom")
  func backPopsFromStack() async {
    let store = TestStore(initialState: StackHost.State(Hoge.State())) {
      StackHost { Hoge() }
    }
    await store.send(.path(.element(id: 0, action: .backTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test("back on Hoge tested alone dismisses the test store's root, as in TCA")
  func backAlone() async {
    let store = TestStore(initialState: Hoge.State()) { Hoge() }
    await store.send(.backTapped)
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test("delegate actions are for the parent: Hoge ignores them")
  func delegateIgnored() async {
    let store = TestStore(initialState: Hoge.State()) { Hoge() }
    await store.send(.delegate(.navigate(.pop)))
    await store.finish()
  }
}
