import CoreStore
import CoreTesting
import EntryFeature
import Testing

@MainActor
@Suite("EntryFeature")
struct EntryFeatureTests {
  @Test("+ and - change the counter child, which never goes below zero")
  func counter() async {
    let store = TestStore(initialState: Entry.State()) { Entry() }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 2 }
    await store.send(.counter(.decrementTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.decrementTapped)) { $0.counter.count = 0 }
    await store.send(.counter(.decrementTapped))
    await store.finish()
  }

  @Test("hoge asks to push the hoge route, and changes nothing itself")
  func hoge() async {
    let store = TestStore(initialState: Entry.State()) { Entry() }
    await store.send(.hogeTapped)
    await store.receive(.delegate(.navigate(.push(.hoge))))
    await store.finish()
  }

  @Test("items asks to push the items route")
  func items() async {
    let store = TestStore(initialState: Entry.State()) { Entry() }
    await store.send(.itemsTapped)
    await store.receive(.delegate(.navigate(.push(.items))))
    await store.finish()
  }

  @Test("delegate actions are for the parent: Entry ignores them")
  func delegateIsIgnored() async {
    let store = TestStore(initialState: Entry.State()) { Entry() }
    await store.send(.delegate(.navigate(.pop)))
    await store.finish()
  }
}
