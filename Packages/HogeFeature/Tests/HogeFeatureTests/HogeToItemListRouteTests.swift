import CoreTesting
import HogeFeature
import Testing

@MainActor
@Suite("Hoge opens ItemList")
struct HogeToItemListRouteTests {
  @Test("items asks the App to push the ItemList screen")
  func asksForTheScreen() async {
    let store = TestStore(initialState: Hoge.State()) {
      Hoge()
    }
    await store.send(.itemsTapped)
    await store.receive(.delegate(.navigate(.push(.items))))
    await store.finish()
  }
}
