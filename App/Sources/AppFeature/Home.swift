import CoreDependencies
import CoreRouting
import CoreStore

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
