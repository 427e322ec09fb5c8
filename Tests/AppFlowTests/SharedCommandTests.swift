import AppFeature
import CoreStore
import CoreUI
import ItemListFeature
import ItemsClient
import NavigationLogClient
import Testing

/// A word typed after a command both a screen and the router have (`open`) goes to the one
/// it means: the screen's own words stay the screen's, a link goes to the router.
@Suite("A command the screen and the router share")
struct SharedCommandTests {
  @MainActor
  @Test(
    "open TAB typed on a screen with an open of its own (the list's open N) opens the tab",
    .standsOn(ItemList.self))
  func openTabOnTheList() throws {
    let store = Store(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.items = .inMemory(Item.samples)
      $0.navigationLog = NavigationLogClient { _ in }
    }
    let listTab = try #require(
      AppRouter.Tabs.allCases.first { if case .items = $0.root { true } else { false } })
    let others = AppRouter.Tabs.allCases.filter { $0 != listTab }
    try #require(!others.isEmpty, "the list's tab is the only tab")
    for other in others {
      store.send(.home(.tabSelected(listTab)))
      let open = try #require(AppRouterView(store: store).commands.first { $0.name == "open" })
      try open.run([other.rawValue])
      #expect(store.state.stage.home?.selected == other, "open \(other.rawValue) on the list")
    }
  }
}
