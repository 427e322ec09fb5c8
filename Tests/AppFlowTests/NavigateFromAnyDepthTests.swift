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
import Testing

/// Routes of a module with no screen in the App's list.
enum StrayRoute: NavigationRoute {
  case stray
}

/// A request no parent relays, through the router: a reducer nested inside a screen (an item's
/// detail, inside the list's destination) asks for a screen of another module, and the router
/// carries it out with no parent relaying an action.
@MainActor
@Suite("Navigating from any depth, through the router")
struct NavigateFromAnyDepthTests {
  private let log = LogRecorder()

  private func makeStore() -> TestStore<AppRouter.State, AppRouter.Action> {
    .router(loggingInto: log, items: [tea])
  }

  private let tea = Item(id: UUID(counting: 7), name: "Tea")

  @Test("the detail two levels down opens Hoge with the item's name; back returns to the detail")
  func detailOpensHoge() async {
    let store = makeStore()
    await store.openItems(loading: [tea])
    let detail = ItemList.State(items: [tea], destination: .detail(ItemDetail.State(item: tea)))
    await store.send(.tab(.items, .root(.items(.openTapped(position: 1))))) {
      $0[.items].root = .items(detail)
    }
    // The detail's request is its stack's own action: no action of the list comes between.
    // Hoge is pushed in the tab the detail is in.
    await store.send(.tab(.items, .root(.items(.destination(.presented(.detail(.hogeTapped)))))))
    await store.receive(
      .tab(.items, .navigationRequested(NavigationRequest(.push(ItemList.Route.hoge(name: "Tea")))))
    ) {
      $0[.items].path.append(.hoge(Hoge.State(name: "Tea")))
    }
    let hoge = store.state[.items].path.ids[0]
    await store.send(.tab(.items, .path(.element(id: hoge, action: .hoge(.backTapped)))))
    await store.receive(.tab(.items, .path(.popFrom(id: hoge)))) {
      $0[.items].path.pop(from: hoge)
    }
    #expect(store.state[.items].root == .items(detail))
    #expect(store.state[.entry].path.isEmpty)
    await store.finish()
    #expect(await log.lines == ["Hoge closed"])
  }

  @Test("an unasserted request is a failing router test, as any action received")
  func unassertedRequestFails() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.tab(.entry, .root(.entry(.itemsTapped))))
    await store.finish()
    await store.send(.tab(.items, .root(.items(.openTapped(position: 1)))))
    store.exhaustivity = .on
    await store.send(.tab(.items, .root(.items(.destination(.presented(.detail(.hogeTapped)))))))
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("navigationRequested") }
    }
  }

  @Test("a request in routes no screen declares is refused with a notice and changes nothing")
  func strayRoutesRefused() async {
    let store = makeStore()
    // Whichever tab the App lists first: this is the router's own check, on any screens.
    let tab = AppRouter.Tabs.allCases[0]
    await store.send(.tab(tab, .navigationRequested(NavigationRequest(.push(StrayRoute.stray))))) {
      $0[tab].notice =
        "No screen of the app takes .push(StrayRoute.stray); nothing changed (its module's "
        + "Route must be the Route of a screen in the screen list)."
    }
    await store.finish()
  }

  @Test("popTo and popToRoot asked from any depth close screens and log them, as a delegate's")
  func popsFromAnyDepth() async {
    let store = makeStore()
    await store.send(.tab(.entry, .navigationRequested(NavigationRequest(.push(Entry.Route.hoge)))))
    {
      $0[.entry].path.append(.hoge(Hoge.State()))
    }
    await store.send(
      .tab(.entry, .navigationRequested(NavigationRequest(.push(Hoge.Route.fuga(name: "A")))))
    ) {
      $0[.entry].path.append(.fuga(Fuga.State(name: "A")))
    }
    await store.send(.tab(.entry, .navigationRequested(NavigationRequest(.push(Fuga.Route.hoge)))))
    {
      $0[.entry].path.append(.hoge(Hoge.State()))
    }
    await store.send(
      .tab(.entry, .navigationRequested(NavigationRequest(.popTo(ItemList.Route.hoge(name: "")))))
    ) {
      $0[.entry].notice = "The hoge screen is already on top."
    }
    await store.send(
      .tab(.entry, .navigationRequested(NavigationRequest(.popTo(Fuga.Route.entry))))
    ) {
      $0[.entry].notice = nil
      $0[.entry].path.removeAll()
    }
    await store.send(
      .tab(.entry, .navigationRequested(NavigationRequest(NavigationCommand<Fuga.Route>.pop)))
    ) {
      $0[.entry].notice = "Already at the first screen; there is nothing to go back to."
    }
    await store.finish()
    #expect(await log.lines == ["Hoge closed", "Fuga closed", "Hoge closed"])
  }

  /// Every route of every screen, with the action a delegate sends for it.
  private static let delegatedRoutes: [(NavigationRequest, AppRouter.Path.Action)] = [
    (NavigationRequest(.push(Entry.Route.hoge)), .entry(.delegate(.navigate(.push(.hoge))))),
    (NavigationRequest(.push(Entry.Route.items)), .entry(.delegate(.navigate(.push(.items))))),
    (NavigationRequest(.push(Hoge.Route.items)), .hoge(.delegate(.navigate(.push(.items))))),
    (
      NavigationRequest(.push(Hoge.Route.fuga(name: "Ann"))),
      .hoge(.delegate(.navigate(.push(.fuga(name: "Ann")))))
    ),
    (NavigationRequest(.push(Fuga.Route.hoge)), .fuga(.delegate(.navigate(.push(.hoge))))),
    (NavigationRequest(.push(Fuga.Route.entry)), .fuga(.delegate(.navigate(.push(.entry))))),
  ]

  @Test("a route asked from any depth names the screen its delegate's request names")
  func requestsMatchDelegates() {
    for (request, action) in Self.delegatedRoutes {
      let byRequest = AppRouter.Path.State.routes.command(for: request)
      #expect(byRequest != nil, "\(request)")
      #expect(byRequest == action.requestedNavigation, "\(request)")
    }
    #expect(
      AppRouter.Path.State.routes.command(
        for: NavigationRequest(.push(ItemList.Route.hoge(name: "Tea"))))
        == .push(.hoge(Hoge.State(name: "Tea"))))
  }
}
