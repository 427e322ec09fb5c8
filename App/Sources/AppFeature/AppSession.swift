import CoreRouting

/// What the app keeps between runs: who is signed in, the tab that shows and each tab's
/// stack as a link. The App's shell saves it when the demo quits and restores it at the next
/// start (`AppRouter.Action.sessionRestored`).
public struct AppSession: Equatable, Sendable {
  /// The name signed in.
  public var name: String
  /// The tab that showed.
  public var tab: AppRouter.Tabs
  /// Each tab's stack, as its link.
  public var links: [AppRouter.Tabs: NavigationLink]

  /// A session of `name` at `tab` with these stacks.
  public init(name: String, tab: AppRouter.Tabs, links: [AppRouter.Tabs: NavigationLink]) {
    self.name = name
    self.tab = tab
    self.links = links
  }
}

extension AppRouter.State {
  /// The session to save now: nil at the gate (nobody to restore).
  public var session: AppSession? {
    guard let home = stage.home else { return nil }
    var links: [AppRouter.Tabs: NavigationLink] = [:]
    for tab in AppRouter.Tabs.allCases {
      links[tab] = home[tab].link
    }
    return AppSession(name: home.name, tab: home.selected, links: links)
  }
}
