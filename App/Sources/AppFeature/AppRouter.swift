import CoreDependencies
import CoreRouting
import CoreStore
import NavigationLogClient

/// The app's router: the gate while nobody is signed in, the tabs once somebody is (its
/// ``Stage``). Each stack is a ``ScreenStack``, which decides and carries out its screens'
/// navigation requests; the router does what a stack cannot: a gate screen that asks for a
/// tab's root signs in, `signout` from any depth returns to the gate (every stack discarded,
/// every screen's work cancelled, every screen logged as closed), and `open LINK` replaces a
/// tab's stack. It names no feature: the screens come from the screen list (Screens.swift).
public struct AppRouter: Reducer, Sendable {
  /// What the app is at: the gate or the signed-in tabs, exactly one.
  public enum Stage: Equatable, Sendable {
    /// Nobody is signed in: the gate's stack.
    case gate(ScreenStack.State)
    /// Somebody is: their tabs.
    case home(Home.State)

    /// The gate's stack, nil once somebody is signed in; setting it changes only a gate.
    public var gate: ScreenStack.State? {
      get { if case .gate(let stack) = self { stack } else { nil } }
      set { if let newValue, case .gate = self { self = .gate(newValue) } }
    }

    /// The signed-in tabs, nil at the gate; setting them changes only a signed-in app.
    public var home: Home.State? {
      get { if case .home(let home) = self { home } else { nil } }
      set { if let newValue, case .home = self { self = .home(newValue) } }
    }
  }

  /// The whole router's state: the stage, and the one-line answers of the router's commands.
  public struct State: Equatable, Sendable {
    /// The gate or the tabs.
    public var stage: Stage
    /// One line about a router command that changed nothing, or screens a restored session
    /// dropped; it stays until the person's next command (``Action/noticeDismissed``), so
    /// actions that effects send meanwhile never hide it.
    public var notice: String?
    /// The answer to `tabs` or `link`, a line each; gone with the next command, as `notice`.
    public var listing: [String]?
    /// A link asked for at the gate: it opens once somebody signs in.
    public var pendingLink: NavigationLink?

    /// The app at its gate.
    public init(notice: String? = nil) {
      self.stage = .gate(ScreenStack.State(root: .gateScreen))
      self.notice = notice
    }

    /// The app signed in as `name`, showing `tab` with every tab at its root.
    public static func signedIn(_ name: String, tab: Tabs = .allCases.first!) -> State {
      var state = State()
      state.stage = .home(Home.State(name: name, selected: tab))
      return state
    }

    /// The stack that shows: the gate's, or the selected tab's.
    public var shown: ScreenStack.State {
      get {
        switch stage {
        case .gate(let gate): gate
        case .home(let home): home.shown
        }
      }
      set {
        switch stage {
        case .gate: stage = .gate(newValue)
        case .home(var home):
          home.shown = newValue
          stage = .home(home)
        }
      }
    }

    /// A tab's stack while signed in; at the gate, the tab as it will open (and setting it
    /// changes nothing: there are no tabs yet).
    public subscript(tab: Tabs) -> ScreenStack.State {
      get { stage.home?[tab] ?? ScreenStack.State(root: tab.root) }
      set { stage.home?[tab] = newValue }
    }
  }

  /// Everything that can happen in the app: each stack's actions, routed to it.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The gate's actions.
    case gate(ScreenStack.Action)
    /// The signed-in app's actions.
    case home(Home.Action)
    /// The app appeared (sent once by whoever starts it, as `.task` would in SwiftUI): the
    /// stack that shows appears.
    case onAppear
    /// The person typed `signout`, on any screen.
    case signOutTapped
    /// The person typed `tabs`.
    case tabsListed
    /// The person typed `link`: the link of the screen that shows.
    case linkShown
    /// Open a link (`open TAB/SCREEN?name=Ann`, `demo --open LINK`): its tab shown, with the
    /// stack it names; refused with the reason, changing nothing, when it cannot be opened.
    case linkOpened(String)
    /// The person typed a command: the router's notice and listing, which answered the one
    /// before, go.
    case noticeDismissed
    /// An action the work of a screen closed at sign-in or sign-out sent back as it ended
    /// (``AppRouter/Path/finishing(_:)``): the screen is gone, so nothing takes it.
    case closedScreen(AppRouter.Path.Action)
    /// The session saved when the demo last quit: signed in again, each tab's stack rebuilt
    /// from its link as far as its screens' data still exists.
    case sessionRestored(AppSession)
  }

  @Dependency(\.navigationLog) var navigationLog
  @Shared(.signedInName) var signedInName

  /// The router; the screens its stacks hold and the tabs come from `Screens.swift`.
  public init() {}

  /// The router's own logic, then the gate or the tabs (each run while it is the stage).
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .gate(.delegate(.selectTab(let tab))):
        return signIn(showing: tab, &state)
      case .signOutTapped:
        // Decided as every other change to a stack is; the router carries it out.
        guard state.shown.decide(.signOut, signedIn: signedInName != nil) == .signOut else {
          state.notice = "Nobody is signed in; there is nothing to sign out of."
          return .none
        }
        return signOut(&state)
      case .tabsListed:
        state.notice = nil
        state.listing = tabList(state)
        return .none
      case .linkShown:
        state.notice = nil
        guard let home = state.stage.home else {
          state.notice = "Nobody is signed in; sign in first: signin NAME."
          return .none
        }
        state.listing = ["Link: \(home.shown.link)"]
        return .none
      case .linkOpened(let text):
        return openLink(text, &state)
      case .sessionRestored(let session):
        return restore(session, &state)
      case .onAppear:
        switch state.stage {
        case .gate: return .send(.gate(.onAppear))
        case .home(let home): return .send(.tab(home.selected, .onAppear))
        }
      case .noticeDismissed:
        state.notice = nil
        state.listing = nil
        return .none
      case .gate, .home, .closedScreen:
        return .none
      }
    }
    .ifLet(\.stage.gate, action: \.gate) { ScreenStack() }
    .ifLet(\.stage.home, action: \.home) { Home() }
  }

  /// A gate screen asked for a tab's root: the gate signed somebody in just before. The gate
  /// closes (logged) and the tabs open at `tab`, with the link asked for at the gate if any.
  private func signIn(showing tab: Tabs, _ state: inout State) -> Effect<Action> {
    // The gate's stack decided it: somebody is signed in (ScreenStack.State.decide).
    guard let name = signedInName, let gate = state.stage.gate else { return .none }
    state.notice = nil
    state.stage = .home(Home.State(name: name, selected: tab))
    let closed = Effect<Action>.concatenate(
      AppRouter.Path.finishing(gate.screens).map(Action.closedScreen),
      navigationLog.logClosed(gate.screens.reversed()),
      .send(.tab(tab, .onAppear)))
    guard let link = state.pendingLink else { return closed }
    state.pendingLink = nil
    return .concatenate(closed, openLink(link, &state))
  }

  /// `open LINK` typed: read once, then opened.
  private func openLink(_ text: String, _ state: inout State) -> Effect<Action> {
    do throws(NavigationLinkError) {
      return openLink(try NavigationLink(parsing: text), &state)
    } catch {
      state.notice = error.description
      return .none
    }
  }

  /// Opens a link: its tab's stack built once, over a fresh root, then shown in place of the
  /// tab's stack; refused with the reason, changing nothing, when any of it cannot be opened.
  /// A link deeper than a stack holds opens up to the cut, with a notice saying where, as a
  /// restored session does. At the gate, the link is kept for after signing in.
  private func openLink(_ link: NavigationLink, _ state: inout State) -> Effect<Action> {
    let tab: Tabs
    let rest: ArraySlice<LinkSegment>
    do throws(NavigationLinkError) {
      (tab, rest) = try Tabs.split(link)
    } catch {
      state.notice = "Cannot open \(link): \(error) Nothing changed."
      return .none
    }
    guard var home = state.stage.home else {
      state.pendingLink = link
      state.notice = "Sign in to open \(link); it opens once you do."
      return .none
    }
    let (opened, refusal, cut) = ScreenStack.State.opening(
      rest, over: tab.root, hasAppeared: home[tab].hasAppeared, link: link)
    if let refusal {
      state.notice = refusal + " Nothing changed."
      return .none
    }
    state.notice = cut.map(ScreenStack.State.cutNotice)
    home.selected = tab
    let replaced = ScreenStack.replace(&home[tab], with: opened)
    state.stage = .home(home)
    // The tab shows: its root appears if it never has, then the opened screens start.
    return .concatenate(.send(.tab(tab, .onAppear)), replaced.map { .tab(tab, $0) })
  }

  /// Signs `session.name` in again at `session.tab`, each tab rebuilt from its saved link; a
  /// tab whose link no longer opens whole keeps the screens that do, and says what was dropped.
  private func restore(_ session: AppSession, _ state: inout State) -> Effect<Action> {
    $signedInName.withLock { $0 = session.name }
    var home = Home.State(name: session.name, selected: session.tab)
    var dropped: [String] = []
    for tab in Tabs.allCases {
      guard let link = session.links[tab] else { continue }
      do throws(NavigationLinkError) {
        let (_, rest) = try Tabs.split(link)
        let (built, refusal, cut) = ScreenStack.State.opening(
          rest, over: tab.root, hasAppeared: false, link: link)
        home[tab] = built
        if let refusal { dropped.append(refusal + " The screens after it were not restored.") }
        if let cut { dropped.append(ScreenStack.State.cutNotice(cut)) }
      } catch {
        dropped.append("Cannot open \(link): \(error) The screens after it were not restored.")
      }
    }
    state.stage = .home(home)
    state.notice = dropped.isEmpty ? nil : dropped.joined(separator: " ")
    return .send(.tab(session.tab, .onAppear))
  }

  /// `signout`: every tab's screens closed (logged, top first, tab by tab) and their work
  /// cancelled (`ifLet` cancels all of it when the tabs go), nobody signed in, the gate anew.
  private func signOut(_ state: inout State) -> Effect<Action> {
    guard let home = state.stage.home else { return .none }
    state.notice = nil
    state.stage = .gate(ScreenStack.State(root: .gateScreen))
    $signedInName.withLock { $0 = nil }
    let closed = home.tabs.flatMap { $0.screens.reversed() }
    return .merge(
      AppRouter.Path.finishing(closed).map(Action.closedScreen),
      navigationLog.logClosed(closed),
      .send(.gate(.onAppear)))
  }

  /// `* entry: Entry > Hoge`, a line per tab, the shown one starred.
  private func tabList(_ state: State) -> [String] {
    guard let home = state.stage.home else {
      return ["Nobody is signed in; the tabs open once you sign in: signin NAME."]
    }
    return ["Tabs:"]
      + Tabs.allCases.map { tab in
        let titles = home[tab].screens.map(\.title).joined(separator: " > ")
        return "  \(tab == home.selected ? "*" : " ") \(tab.rawValue): \(titles)"
      }
  }

}

/// The signed-in app: a stack per tab of the tab list (`AppRouter.Tabs`), one of them shown.
/// Switching tabs keeps every stack as it was, and its screens' work goes on; a tab's root
/// is sent its appear action the first time the tab shows.
public struct Home: Reducer, Sendable {
  /// Who is signed in, the tabs' stacks and which one shows.
  public struct State: Equatable, Sendable {
    /// The name signed in.
    public var name: String
    /// The tab that shows.
    public var selected: AppRouter.Tabs
    /// One stack per tab, in the tab list's order.
    public var tabs: IdentifiedArrayOf<ScreenStack.State>

    /// `name` signed in, every tab at its root, `selected` showing.
    public init(name: String, selected: AppRouter.Tabs = .allCases.first!) {
      self.name = name
      self.selected = selected
      self.tabs = IdentifiedArray(
        uniqueElements: AppRouter.Tabs.allCases.map { ScreenStack.State(root: $0.root) })
    }

    /// The stack of a tab (every tab has one).
    public subscript(tab: AppRouter.Tabs) -> ScreenStack.State {
      get { tabs[id: tab.rawValue] ?? ScreenStack.State(root: tab.root) }
      set { tabs[id: tab.rawValue] = newValue }
    }

    /// The stack that shows.
    public var shown: ScreenStack.State {
      get { self[selected] }
      set { self[selected] = newValue }
    }
  }

  /// What can happen in the signed-in app.
  public enum Action: CasePathable, Equatable, Sendable {
    /// A tab's stack's actions.
    case tabs(IdentifiedActionOf<ScreenStack>)
    /// The person asked for a tab (`tab items`).
    case tabSelected(AppRouter.Tabs)
  }

  /// The reducer.
  public init() {}

  /// Switches tabs (on request, or when a screen asks for a tab's root), then runs each tab.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tabSelected(let tab), .tabs(.element(_, .delegate(.selectTab(let tab)))):
        state.selected = tab
        return .send(.tabs(.element(id: tab.rawValue, action: .onAppear)))
      case .tabs:
        return .none
      }
    }
    .forEach(\.tabs, action: \.tabs) { ScreenStack() }
  }
}

extension AppRouter.Action {
  /// An action of a tab's stack, however deep: `.tab(.entry, .root(.entry(.hogeTapped)))`.
  public static func tab(_ tab: AppRouter.Tabs, _ action: ScreenStack.Action) -> Self {
    .home(.tabs(.element(id: tab.rawValue, action: action)))
  }
}
