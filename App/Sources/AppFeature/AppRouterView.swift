import CoreStore
import CoreUI
import EntryFeature
import ItemListFeature

/// The app's text view: a breadcrumb of the stack, then the top screen and its commands.
public struct AppRouterView: TextView {
  /// The app's store: the view renders its top screen and sends its commands.
  public let store: Store<AppRouter.State, AppRouter.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<AppRouter.State, AppRouter.Action>) {
    self.store = store
  }

  /// `Entry > Hoge > Fuga`, the top screen, and the router's notice if any.
  public func render() -> [String] {
    var lines = [Self.breadcrumb(store.state.root, store.state.path)] + topView.render()
    if let notice = store.state.notice { lines.append("! \(notice)") }
    return lines
  }

  /// The top screen's commands, each offering as screens to go back to only those below it
  /// (`popto`); on the first screen also `back`, which answers that there is nothing to go
  /// back to and is not listed by `help` (it cannot work there).
  public var commands: [TextCommand] {
    let state = store.state
    guard let top = state.path.last else { return rootCommands }
    let below = ([state.root] + state.path.dropLast()).reversed().map(\.screenName)
    return topView.commands.map { $0.offeringScreens(below, below: top.title) }
  }

  /// The first screen's commands and its unlisted `back`.
  private var rootCommands: [TextCommand] {
    topView.commands + [
      TextCommand(
        "back", help: "Go back (there is nothing before the first screen)", isListed: false
      ) { _ in
        store.send(.backTapped)
      }
    ]
  }

  /// The view of the screen on top of the stack, or of the first screen.
  private var topView: any TextView {
    guard let id = store.state.path.ids.last,
      let top = store.scope(state: \.path[id: id], action: \.path[id: id])
    else {
      return rootView
    }
    return AppRouter.Path.view(of: top)
  }

  /// The first screen's view. Entry, there, shows the panel another feature builds (seed 002),
  /// which the App hands it; every other screen is drawn by the generated `view(of:)`.
  private var rootView: any TextView {
    let root = store.scope(state: \.root, action: \.root)
    guard case .entry(let entry) = root.case else { return AppRouter.Path.view(of: root) }
    let panel = store.scope(state: \.panel, action: \.panel)
    return EntryView(store: entry, viewBuilding: ViewBuildingClient { RootPanelView(store: panel) })
  }

  /// `» Entry > Hoge > Fuga`; past six screens, the middle is left out so each screen
  /// renders in the same time however deep the stack: `» Entry > … > Hoge > Fuga (10,002
  /// screens)`.
  static func breadcrumb(_ root: AppRouter.Path.State, _ path: StackState<AppRouter.Path.State>)
    -> String
  {
    let total = path.count + 1
    guard total > 6 else {
      return "» " + ([root.title] + path.map(\.title)).joined(separator: " > ")
    }
    let lastTwo = [path[path.count - 2].title, path[path.count - 1].title]
    return "» " + ([root.title, "…"] + lastTwo).joined(separator: " > ")
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
