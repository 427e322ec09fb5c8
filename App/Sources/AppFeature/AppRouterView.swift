import CoreConsole
import CoreDependencies
import CoreStore
import CoreUI

/// The app's text view: a breadcrumb of the stack that shows (with its tab once signed in),
/// then the top screen and its commands, and the router's own commands (`tab`, `tabs`,
/// `open`, `link`, `signout`). The console runs it (``AppReducer/console(withDependencies:)``,
/// below): a line typed is the command of that name among ``commands``.
public struct AppRouterView: TextView {
  /// The router's store: the view renders its top screen and sends its commands.
  public let store: Store<AppRouter.State, AppRouter.Action>
  /// What the screens' views read as they are made, set by whoever assembles the app (the
  /// panel Entry shows, which another feature builds); nothing by default.
  public let screenDependencies: @MainActor (inout DependencyValues) -> Void

  /// A view that renders `store`, its screens' views made with `screenDependencies`.
  public init(
    store: Store<AppRouter.State, AppRouter.Action>,
    screenDependencies: @escaping @MainActor (inout DependencyValues) -> Void = { _ in }
  ) {
    self.store = store
    self.screenDependencies = screenDependencies
  }

  /// `» [entry] Entry > Hoge > Fuga`, the top screen, and the notices if any.
  public func render() -> [String] {
    let state = store.state
    let shown = state.shown
    var lines =
      [Self.breadcrumb(shown.root, shown.path, tab: state.stage.home?.selected)] + topView.render()
    if let notice = shown.notice { lines.append("! \(notice)") }
    if let notice = state.notice { lines.append("! \(notice)") }
    lines += state.listing ?? []
    return lines
  }

  /// The top screen's commands, each offering as screens to go back to only those below it
  /// in its stack (`popto`); on a stack's root also `back`, which answers that there is
  /// nothing to go back to and is not listed by `help`; then the router's commands.
  public var commands: [TextCommand] {
    let shown = store.state.shown
    var commands: [TextCommand]
    if let top = shown.path.last {
      let below = ([shown.root] + shown.path.dropLast()).reversed().map(\.screenName)
      commands = topView.commands.map { $0.offeringScreens(below, below: top.title) }
    } else {
      // A screen with no `back` of its own gets the router's, which says why nothing closes.
      commands = topView.commands
      if !commands.contains(where: { $0.name == "back" }) {
        commands.append(
          TextCommand(
            "back", help: "Go back (there is nothing before this screen)", isListed: false
          ) { _ in
            send(.backTapped)
          })
      }
    }
    return merged(commands, routerCommands).map(dismissingNotice)
  }

  /// The screen's commands, then the router's; a screen command that shares a router
  /// command's name (the list's `open 3`) keeps its words, and a link (a word with `/` or
  /// `?`, or a tab's name: `open entry`) goes to the router's.
  private func merged(_ screen: [TextCommand], _ router: [TextCommand]) -> [TextCommand] {
    var result: [TextCommand] = []
    for command in screen {
      guard let shared = router.first(where: { $0.name == command.name }) else {
        result.append(command)
        continue
      }
      result.append(
        TextCommand(
          command.name, arguments: command.arguments,
          help: command.help + "; or a link: \(shared.usage)", isListed: command.isListed
        ) { arguments in
          let words = arguments.words
          let isLink =
            words.count == 1
            && (words[0].contains(where: { $0 == "/" || $0 == "?" })
              || AppRouter.Tabs(rawValue: words[0]) != nil)
          try (isLink ? shared : command).run(words)
        })
    }
    let taken = Set(screen.map(\.name))
    return result + router.filter { !taken.contains($0.name) }
  }

  /// `command`, first dismissing the router's notice and listing (they answered the command
  /// before this one).
  private func dismissingNotice(_ command: TextCommand) -> TextCommand {
    TextCommand(
      command.name, arguments: command.arguments, help: command.help,
      isListed: command.isListed
    ) { arguments in
      if store.state.notice != nil || store.state.listing != nil {
        store.send(.noticeDismissed)
      }
      try command.run(arguments.words)
    }
  }

  /// `open LINK` always (at the gate it waits for the sign-in); `tab NAME`, `tabs`, `link`
  /// and `signout` while signed in; at the gate, `link` and `signout` unlisted, saying nobody
  /// is signed in.
  private var routerCommands: [TextCommand] {
    let signedIn = store.state.stage.home != nil
    let tabNames = AppRouter.Tabs.allCases.map(\.rawValue)
    var commands = [
      TextCommand(
        "signout", help: "Sign out: close every screen and go back to sign in",
        isListed: signedIn
      ) { _ in
        store.send(.signOutTapped)
      },
      TextCommand(
        "open", arguments: [.required("link")],
        help: "Open the screens a link names: tab/screen?name=value (link prints one)"
      ) { arguments in
        store.send(.linkOpened(try arguments.string(0)))
      },
      TextCommand("link", help: "Print this screen's link", isListed: signedIn) { _ in
        store.send(.linkShown)
      },
    ]
    guard signedIn else { return commands }
    commands += [
      TextCommand(
        "tab", arguments: [.required("name", choices: .words(tabNames))],
        help: "Show a tab, as you left it: \(tabNames.joined(separator: ", "))"
      ) { arguments in
        let name = try arguments.string(0)
        guard let tab = AppRouter.Tabs(rawValue: name) else {
          throw CommandError(
            "no tab is called '\(name)'; the tabs are \(tabNames.joined(separator: ", "))")
        }
        store.send(.home(.tabSelected(tab)))
      },
      TextCommand("tabs", help: "List the tabs and what each shows") { _ in
        store.send(.tabsListed)
      },
    ]
    return commands
  }

  /// Sends a stack action to the stack that shows.
  private func send(_ action: ScreenStack.Action) {
    shownStore.send(action)
  }

  /// The store of the stack that shows (`AppRouter.State.shown`): the gate's, or the selected
  /// tab's. Its actions reach that stack's `ScreenStack` reducer, which the router runs for
  /// the gate and `Home` for each tab.
  private var shownStore: Store<ScreenStack.State, ScreenStack.Action> {
    let toShown: CaseKeyPath<AppRouter.Action, ScreenStack.Action> =
      switch store.state.stage {
      case .gate: \.gate
      case .home(let home): \.home.tabs[id: home.selected.rawValue]
      }
    return store.scope(state: \.shown, action: toShown)
  }

  /// The view of the screen on top of the stack that shows (its root when nothing is pushed),
  /// made by the screen list's one switch (`AppRouter.Path.view(of:)`).
  private var topView: any TextView {
    let stack = shownStore
    return withDependencies(screenDependencies) {
      guard let id = stack.state.path.ids.last,
        let top = stack.scope(state: \.path[id: id], action: \.path[id: id])
      else {
        return AppRouter.Path.view(of: stack.scope(state: \.root, action: \.root))
      }
      return AppRouter.Path.view(of: top)
    }
  }

  /// `» [entry] Entry > Hoge > Fuga` (the tab in brackets once signed in); past six screens,
  /// the middle is left out so each screen renders in the same time however deep the stack:
  /// `» Entry > … > Hoge > Fuga (10,002 screens)`.
  static func breadcrumb(
    _ root: AppRouter.Path.State, _ path: StackState<AppRouter.Path.State>,
    tab: AppRouter.Tabs? = nil
  ) -> String {
    let prefix = "» " + (tab.map { "[\($0.rawValue)] " } ?? "")
    let total = path.count + 1
    guard total > 6 else {
      return prefix + ([root.title] + path.map(\.title)).joined(separator: " > ")
    }
    let lastTwo = [path[path.count - 2].title, path[path.count - 1].title]
    return prefix + ([root.title, "…"] + lastTwo).joined(separator: " > ")
      + " (\(grouped(total)) screens)"
  }

  /// 10002 → `10,002`.
  static func grouped(_ number: Int) -> String {
    var digits = Array(String(number))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}

extension AppReducer {
  /// The console on the app, started: its `onAppear` is sent before the first line is read,
  /// so the first screen shows what appearing loads (in script mode the console waits for it).
  /// The demo, the transcripts and the fuzz target all start the app this one way.
  ///
  /// ```swift
  /// let console = AppReducer.console { $0.items = .inMemory([]) }
  /// ```
  @MainActor
  public static func console(
    withDependencies prepare: (inout DependencyValues) -> Void
  ) -> Console<State, Action> {
    let console = Console(initialState: State()) {
      AppReducer()
    } withDependencies: {
      prepare(&$0)
    } view: { store in
      AppRouterView(
        store: store.scope(state: \.router, action: \.router),
        screenDependencies: screenDependencies(
          panel: store.scope(state: \.panel, action: \.panel)))
    }
    console.store.send(.onAppear)
    return console
  }
}
