import AppFeature
import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import EntryFeature
import Foundation
import FugaFeature
import HogeFeature
import ItemListFeature
import ItemsClient
import NavigationLogClient
import SignInFeature
import Testing

/// The root shapes through the router, exhaustively: the gate that signs a person in (setup
/// the first time), tabs that keep a stack each, and signing out from any depth.
@MainActor
@Suite("Sign-in gate and tabs, through the router")
struct SignInAndTabsTests {
  private let log = LogRecorder()

  /// The router at its gate, its log recorded, `items` in memory.
  private func gateStore(items: [Item] = []) -> TestStore<AppRouter.State, AppRouter.Action> {
    let log = self.log
    return TestStore(initialState: AppRouter.State()) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { await log.append($0) }
      $0.items = .inMemory(items)
    }
  }

  @Test("a new name goes through setup, then lands on the first tab; the gate closes")
  func firstSignIn() async {
    let store = gateStore()
    await store.send(.gate(.root(.signIn(.signInTapped(name: "Ann")))))
    await store.receive(.gate(.root(.signIn(.delegate(.navigate(.push(.setup(name: "Ann")))))))) {
      $0.stage.gate?.path.append(.setup(Setup.State(name: "Ann")))
    }
    let setup = store.state.stage.gate!.path.ids[0]
    await store.send(.gate(.path(.element(id: setup, action: .setup(.doneTapped)))))
    await store.receive(
      .gate(.path(.element(id: setup, action: .setup(.delegate(.navigate(.push(.entry))))))))
    await store.receive(.gate(.delegate(.selectTab(.entry)))) {
      $0.stage = .home(Home.State(name: "Ann", selected: .entry))
    }
    await store.receive(.tab(.entry, .onAppear)) { $0[.entry].hasAppeared = true }
    await store.finish()
    #expect(await log.lines == ["Setup closed", "Sign in closed"])
    @Shared(.setUpNames) var names
    #expect(names == ["ann"])
  }

  @Test("a name set up before goes straight home")
  func knownName() async {
    let store = gateStore()
    @Shared(.setUpNames) var names
    $names.withLock { $0 = ["ann"] }
    await store.send(.gate(.root(.signIn(.signInTapped(name: "Ann")))))
    await store.receive(.gate(.root(.signIn(.delegate(.navigate(.push(.entry)))))))
    await store.receive(.gate(.delegate(.selectTab(.entry)))) {
      $0.stage = .home(Home.State(name: "Ann", selected: .entry))
    }
    await store.receive(.tab(.entry, .onAppear)) { $0[.entry].hasAppeared = true }
    await store.finish()
    #expect(await log.lines == ["Sign in closed"])
  }

  @Test("a gate screen that asks for home before anyone signed in is refused with a notice")
  func homeWithoutSignIn() async {
    let store = gateStore()
    await store.send(.gate(.root(.signIn(.delegate(.navigate(.push(.entry))))))) {
      $0.stage.gate?.notice = "Sign in first: signin NAME."
    }
    await store.finish()
  }

  @Test("tabs keep their stacks; a tab shows its root's appear action only the first time")
  func tabsKeepStacks() async {
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { _ in }
      $0.items = .inMemory([])
    }
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.receive(.tab(.entry, .root(.entry(.delegate(.navigate(.push(.hoge))))))) {
      $0[.entry].path.append(.hoge(Hoge.State()))
    }
    await store.send(.home(.tabSelected(.items))) { $0.stage.home?.selected = .items }
    await store.receive(.tab(.items, .onAppear)) { $0[.items].hasAppeared = true }
    await store.receive(.tab(.items, .root(.items(.onAppear)))) {
      $0[.items].root = .items(ItemList.State(isLoading: true))
    }
    await store.receive(.tab(.items, .root(.items(.itemsLoaded([]))))) {
      $0[.items].root = .items(ItemList.State(items: []))
    }
    await store.send(.home(.tabSelected(.entry))) { $0.stage.home?.selected = .entry }
    await store.receive(.tab(.entry, .onAppear)) { $0[.entry].hasAppeared = true }
    await store.send(.home(.tabSelected(.items))) { $0.stage.home?.selected = .items }
    // Appeared already: nothing loads again.
    await store.receive(.tab(.items, .onAppear))
    #expect(store.state[.entry].path.map(\.screenName) == ["hoge"])
    await store.finish()
  }

  @Test(
    "Hoge's items shows the items tab from another tab, and pops to it within its own",
    .standsOn(Hoge.self))
  func tabRootRequests() async {
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { _ in }
      $0.items = .inMemory([])
    }
    store.exhaustivity = .off
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.skipReceivedActions()
    let hoge = store.state[.entry].path.ids[0]
    await store.send(.tab(.entry, .path(.element(id: hoge, action: .hoge(.itemsTapped)))))
    await store.receive(.tab(.entry, .delegate(.selectTab(.items))))
    await store.finish()
    // No second list pushed: the tab switched, and the entry tab kept Hoge.
    #expect(store.state.stage.home?.selected == .items)
    #expect(store.state[.entry].path.map(\.screenName) == ["hoge"])
    #expect(store.state[.items].path.isEmpty)
    // In the items tab, Hoge's items goes back to the tab's list instead.
    await store.send(
      .tab(.items, .navigationRequested(NavigationRequest(.push(ItemList.Route.hoge(name: "Tea")))))
    )
    let inItems = store.state[.items].path.ids[0]
    await store.send(.tab(.items, .path(.element(id: inItems, action: .hoge(.itemsTapped)))))
    await store.finish()
    #expect(store.state[.items].path.isEmpty)
    #expect(store.state.stage.home?.selected == .items)
  }

  @Test(
    "signout from any depth closes every screen of every tab, logged, and cancels its work",
    .standsOn(Hoge.self, Fuga.self, Entry.self))
  func signOutFromDepth() async {
    let log = self.log
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { await log.append($0) }
      // A load that never ends: only cancelling it lets the test finish.
      $0.items = ItemsClient(
        load: {
          try await Task.sleep(for: .seconds(86_400))
          return []
        }, save: { _ in })
    }
    @Shared(.signedInName) var signedIn
    $signedIn.withLock { $0 = "Ann" }
    store.exhaustivity = .off
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.skipReceivedActions()
    let hoge = store.state[.entry].path.ids[0]
    await store.send(.tab(.entry, .path(.element(id: hoge, action: .hoge(.set(\.name, "Bo"))))))
    await store.send(.tab(.entry, .path(.element(id: hoge, action: .hoge(.fugaTapped)))))
    await store.send(.home(.tabSelected(.items)))
    await store.skipReceivedActions()
    #expect(store.state[.items].root.items?.isLoading == true)
    store.exhaustivity = .on
    await store.send(.signOutTapped) {
      $0.stage = .gate(ScreenStack.State(root: .gateScreen))
    }
    await store.receive(.gate(.onAppear)) { $0.stage.gate?.hasAppeared = true }
    await store.finish()
    #expect(signedIn == nil)
    #expect(
      await log.lines == [
        "Fuga closed", "Hoge closed", "Entry closed", "Items closed",
      ])
  }

  @Test("signout at the gate is a notice; nothing changes")
  func signOutAtGate() async {
    let store = gateStore()
    await store.send(.signOutTapped) {
      $0.notice = "Nobody is signed in; there is nothing to sign out of."
    }
    await store.send(.noticeDismissed) { $0.notice = nil }
    await store.finish()
  }

  @Test("tabs and link answer in the listing, which the next command dismisses")
  func listings() async {
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { _ in }
    }
    // Whichever tabs the App has: the first is shown, and marked.
    let tabs = AppRouter.Tabs.allCases
    let lines = tabs.enumerated().map { index, tab in
      "  \(index == 0 ? "*" : " ") \(tab.rawValue): \(tab.root.title)"
    }
    await store.send(.tabsListed) { $0.listing = ["Tabs:"] + lines }
    await store.send(.linkShown) { $0.listing = ["Link: \(tabs[0].rawValue)"] }
    await store.send(.noticeDismissed) { $0.listing = nil }
    await store.finish()
  }
}
