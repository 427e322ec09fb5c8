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

/// Deep links through the router: every stack the app can show prints as a link that opens
/// the same screens, a link that cannot be opened changes nothing, a link at the gate waits
/// for the sign-in, and a restored session keeps what still opens.
@MainActor
@Suite("Deep links and restored sessions")
struct DeepLinkTests {
  private let log = LogRecorder()

  /// Every stack reachable from the gate and each tab root in up to three steps of a link
  /// (each route of the screen on top, with values that need encoding, and each item).
  private func reachableStacks() -> [ScreenStack.State] {
    let roots = [AppRouter.Path.State.gateScreen] + AppRouter.Tabs.allCases.map(\.root)
    var stacks = roots.map { ScreenStack.State(root: $0) }
    var frontier = stacks
    for _ in 0..<3 {
      var next: [ScreenStack.State] = []
      for stack in frontier {
        for name in stack.top.linkChoices {
          let candidates =
            Int(name.prefix(1)) != nil || name.hasPrefix("a position")
            ? ["1", "3"].map { LinkSegment($0) }
            : [LinkSegment(name, [.init("name", "Bo Li/?&=%")])]
          for segment in candidates {
            let link = NavigationLink(stack.link.segments + [segment])
            let opened = ScreenStack.State.opening(
              link.segments.dropFirst(), over: stack.root, hasAppeared: false, link: link)
            if opened.refusal == nil { next.append(opened.stack) }
          }
        }
      }
      stacks += next
      frontier = next
    }
    return stacks
  }

  @Test("every stack prints as a link that opens the same screens, for every screen of the list")
  func everyLinkRoundTrips() throws {
    try withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      @Shared(.items) var items
      $items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
      let stacks = reachableStacks()
      var kinds = Set<String>()
      for stack in stacks {
        kinds.formUnion(stack.screens.map(\.screenName))
        let printed = stack.link.description
        let link = try NavigationLink(parsing: printed)
        let reopened = ScreenStack.State.opening(
          link.segments.dropFirst(), over: stack.root.fresh, hasAppeared: false, link: link)
        #expect(reopened.refusal == nil, "\(printed)")
        #expect(reopened.stack.screens == stack.screens, "\(printed)")
        #expect(reopened.stack.link.description == printed)
      }
      // Only screens of the list, the gate and every tab's root among them, and every screen
      // a route of a shown screen names (the list as Screens.swift declares it, whatever the
      // app's screens are).
      let list = Set(SourceTree.screenList())
      #expect(!list.isEmpty)
      #expect(kinds.isSubset(of: list))
      #expect(kinds.contains(AppRouter.Path.State.gateScreen.screenName))
      for tab in AppRouter.Tabs.allCases { #expect(kinds.contains(tab.root.screenName)) }
      let named = stacks.flatMap { $0.screens.flatMap(\.linkChoices) }
      #expect(list.intersection(named).isSubset(of: kinds))
    }
  }

  @Test(
    "the example screens' links: an item, Hoge over an item's detail, Fuga with a name",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func exampleLinks() throws {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      @Shared(.items) var items
      $items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
      let stacks = reachableStacks()
      #expect(stacks.contains { $0.link.description == "items/3" })
      #expect(stacks.contains { $0.link.description.hasPrefix("items/3/hoge?name=Bo%20Li") })
      #expect(
        stacks.contains { $0.link.description == "entry/hoge/fuga?name=Bo%20Li%2F%3F%26%3D%25" })
    }
  }

  /// The router signed in as Ann on the entry tab, the sample items loaded.
  private func signedInStore() -> TestStore<AppRouter.State, AppRouter.Action> {
    let log = self.log
    // The items as the panel loaded them (the test body's shared value is the store's).
    @Shared(.items) var items
    $items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
    return TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { await log.append($0) }
      $0.items = .inMemory(Item.samples)
    }
  }

  @Test(
    "open builds the stack a link names in its tab and shows it; the screens it replaces close",
    .standsOn(Entry.self))
  func openLink() async {
    let store = signedInStore()
    store.exhaustivity = .off
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.skipReceivedActions()
    store.exhaustivity = .on
    await store.send(.linkOpened("items/2/hoge?name=Tea")) {
      $0.stage.home?.selected = .items
      $0[.items].root = .items(
        ItemList.State(destination: .detail(ItemDetail.State(item: Item.samples[1]))))
      $0[.items].path.append(.hoge(Hoge.State(name: "Tea")))
    }
    await store.receive(.tab(.items, .onAppear)) { $0[.items].hasAppeared = true }
    // The list appears with its items loaded already: nothing loads.
    await store.receive(.tab(.items, .root(.items(.onAppear))))
    await store.finish()
    #expect(store.state[.items].link.description == "items/2/hoge?name=Tea")
    // The entry tab was not touched.
    #expect(store.state[.entry].path.map(\.screenName) == ["hoge"])
    await store.send(.linkOpened("entry")) {
      $0.stage.home?.selected = .entry
      $0[.entry].path.removeAll()
    }
    await store.receive(.tab(.entry, .onAppear)) { $0[.entry].hasAppeared = true }
    await store.finish()
    #expect(await log.lines == ["Hoge closed"])
  }

  @Test(
    "a link that cannot be opened is refused with the reason; nothing changes",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func refusedLinks() async {
    let store = signedInStore()
    // What a tab's root opens, as its refusal lists it: read from the screens, so a route
    // added to them (make route) keeps this test true.
    func opens(_ tab: AppRouter.Tabs) -> String {
      ScreenStack.State(root: tab.root).top.linkChoices.joined(separator: ", ")
    }
    for (text, reason) in [
      (
        "items/9", "Cannot open items/9: There is no item 9; the list has 3 items. Nothing changed."
      ),
      (
        "fuga",
        "Cannot open fuga: Entry cannot open fuga; it opens \(opens(.entry)). Nothing changed."
      ),
      (
        "hoge/fuga",
        "Cannot open hoge/fuga: fuga needs a value for name: fuga?name=… Nothing changed."
      ),
      (
        "hoge/items",
        "Cannot open hoge/items: items is a tab of its own; start the link with it "
          + "(items/…). Nothing changed."
      ),
      (
        "items/x",
        "Cannot open items/x: Items cannot open x; it opens \(opens(.items)). Nothing changed."
      ),
      (
        "a//b",
        "The link a//b has an empty segment (two / in a row?); a link names a tab, then its "
          + "screens: tab/screen/screen?name=value."
      ),
    ] {
      await store.send(.linkOpened(text)) { $0.notice = reason }
      await store.send(.noticeDismissed) { $0.notice = nil }
    }
    await store.finish()
  }

  /// A link from a tab's root that names `pushes` screens to push, each a route of the screen
  /// on top (given a value when it needs one), found from the screen list; past a full stack,
  /// a segment counts when the stack is cut there. Nil when no tab's routes lead that deep (no
  /// cycle among the screens' routes: no link can be cut then).
  private func deepLink(pushes: Int) -> (tab: AppRouter.Tabs, link: NavigationLink)? {
    for tab in AppRouter.Tabs.allCases {
      var segments = [LinkSegment(tab.rawValue)]
      var depth = 0
      while depth < pushes {
        let top = ScreenStack.State.opening(
          segments.dropFirst()[...], over: tab.root, hasAppeared: false,
          link: NavigationLink(segments)
        ).stack
        let deeper = top.top.linkChoices.lazy.compactMap { name -> LinkSegment? in
          for segment in [LinkSegment(name), LinkSegment(name, [.init("name", "a")])] {
            let link = NavigationLink(segments + [segment])
            let opened = ScreenStack.State.opening(
              link.segments.dropFirst(), over: tab.root, hasAppeared: false, link: link)
            // A push, or the cut where the stack is full (the segment past the last).
            let pushed = opened.stack.path.count == depth + 1 || opened.cut != nil
            if opened.refusal == nil, pushed { return segment }
          }
          return nil
        }.first
        guard let deeper else { break }
        segments.append(deeper)
        depth += 1
      }
      if depth == pushes { return (tab, NavigationLink(segments)) }
    }
    return nil
  }

  @Test(
    "a link deeper than a stack holds is cut at the same place, with one notice, however it comes")
  func deepLinksCutAlike() async throws {
    let most = ScreenStack.maximumDepth
    let found = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      @Shared(.items) var items
      $items.withLock { $0 = IdentifiedArray(uniqueElements: Item.samples) }
      return deepLink(pushes: most + 1)
    }
    // The screens' routes lead nowhere twice: no link is deeper than a stack.
    guard let (tab, link) = found else { return }
    let opened = signedInStore()
    opened.exhaustivity = .off
    // `open LINK` typed and `--open LINK` both send this action.
    await opened.send(.linkOpened(link.description))
    await opened.skipReceivedActions(strict: false)
    let restored = signedInStore()
    restored.exhaustivity = .off
    await restored.send(.sessionRestored(AppSession(name: "Ann", tab: tab, links: [tab: link])))
    await restored.skipReceivedActions(strict: false)
    #expect(opened.state[tab].path.count == most)
    #expect(restored.state[tab].link == opened.state[tab].link)
    let notice = try #require(opened.state.notice)
    #expect(restored.state.notice == notice)
    #expect(notice.hasPrefix("Cannot open "))
    #expect(notice.contains("(segment \(most + 2)): A stack holds at most \(most) screens"))
    #expect(notice.hasSuffix("The screens before it are open."))
    await opened.skipInFlightEffects(strict: false)
    await restored.skipInFlightEffects(strict: false)
  }

  @Test("a link opened at the gate waits for the sign-in, then opens")
  func linkAtTheGate() async throws {
    // The deepest link the App's screens open with no item kept, whichever screens they are
    // (a tab's root alone when no screen has a route).
    let deepest = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      reachableStacks().filter { $0.root.screenName != AppRouter.Path.State.gateScreen.screenName }
        .max { $0.screens.count < $1.screens.count }
    }
    let link = try #require(deepest?.link.description)
    let tab = try #require(AppRouter.Tabs(rawValue: deepest?.root.screenName ?? ""))
    let store = TestStore(initialState: AppRouter.State()) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { _ in }
      $0.items = .inMemory([])
    }
    await store.send(.linkOpened(link)) {
      $0.pendingLink = try! NavigationLink(parsing: link)
      $0.notice = "Sign in to open \(link); it opens once you do."
    }
    @Shared(.setUpNames) var names
    $names.withLock { $0 = ["ann"] }
    store.exhaustivity = .off
    await store.send(.gate(.root(.signIn(.signInTapped(name: "Ann")))))
    await store.skipReceivedActions()
    #expect(store.state.pendingLink == nil)
    #expect(store.state.notice == nil)
    #expect(store.state[tab].link.description == link)
  }

  @Test(
    "a restored session signs in again and rebuilds each tab, dropping what no longer opens",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func restore() async {
    let store = signedInStore()
    store.exhaustivity = .off
    let session = AppSession(
      name: "Bo", tab: .items,
      links: [
        .entry: try! NavigationLink(parsing: "entry/hoge/fuga?name=Bo"),
        .items: try! NavigationLink(parsing: "items/7/hoge?name=Gone"),
      ])
    await store.send(.sessionRestored(session))
    await store.skipReceivedActions()
    @Shared(.signedInName) var signedIn
    #expect(signedIn == "Bo")
    #expect(store.state.stage.home?.name == "Bo")
    #expect(store.state.stage.home?.selected == .items)
    #expect(store.state[.entry].link.description == "entry/hoge/fuga?name=Bo")
    #expect(store.state[.items].link.description == "items")
    #expect(
      store.state.notice
        == "Cannot open items/7: There is no item 7; the list has 3 items. "
        + "The screens after it were not restored.")
    #expect(
      store.state.session
        == AppSession(
          name: "Bo", tab: .items,
          links: [
            .entry: try! NavigationLink(parsing: "entry/hoge/fuga?name=Bo"),
            .items: try! NavigationLink(parsing: "items"),
          ]))
  }

  @Test("a saved link whose tab carries values restores that tab at its root and says why")
  func restoredTabWithValues() async throws {
    let store = signedInStore()
    store.exhaustivity = .off
    let tab = try #require(AppRouter.Tabs.allCases.last)
    let link = try NavigationLink(parsing: "\(tab.rawValue)?x=1")
    await store.send(.sessionRestored(AppSession(name: "Bo", tab: tab, links: [tab: link])))
    await store.skipReceivedActions()
    #expect(store.state.stage.home?.selected == tab)
    #expect(store.state[tab].link.description == tab.rawValue)
    #expect(
      store.state.notice
        == "Cannot open \(link): a tab takes no values; write \(tab.rawValue)/… "
        + "The screens after it were not restored.")
  }
}

extension AppRouter.Path.State {
  /// A screen of the same kind as it first opens, for a root: a tab's root or the gate.
  var fresh: Self { AppRouter.Tabs(root: self)?.root ?? .gateScreen }
}
