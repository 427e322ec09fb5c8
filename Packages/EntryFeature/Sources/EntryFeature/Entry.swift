import CoreDependencies
import CoreRouting
import CoreStore

/// The root of the first tab: a counter (a child composed with `Scope`), a panel another feature
/// builds, and the ways on to the rest of the app.
///
/// Entry decides nothing about navigation: it asks with `.delegate(.navigate(...))` in terms of
/// its own ``Route``, and whoever assembles the app decides what that means.
public struct Entry: Reducer, Sendable {
  /// Where Entry may ask to go. Plain values only: Entry never names another feature's types.
  public enum Route: NavigationRoute {
    /// The Hoge screen.
    case hoge
    /// The item list.
    case items
  }

  /// What Entry holds: its counter.
  public struct State: Equatable, Sendable {
    /// The counter child.
    public var counter: Counter.State

    /// Entry with a counter at zero.
    public init(counter: Counter.State = Counter.State()) {
      self.counter = counter
    }
  }

  /// What can happen on Entry.
  public enum Action: CasePathable, Equatable, Sendable {
    /// An action of the counter child.
    case counter(Counter.Action)
    /// The person asked for the Hoge screen.
    case hogeTapped
    /// The person asked for the item list.
    case itemsTapped
    /// Requests for whoever assembles the app.
    case delegate(Delegate)

    /// What Entry asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Change the navigation stack.
      case navigate(NavigationCommand<Route>)
    }
  }

  /// The reducer; Entry takes nothing to configure.
  public init() {}

  /// The counter child, then Entry's own logic.
  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { _, action in
      switch action {
      case .hogeTapped:
        return .send(.delegate(.navigate(.push(.hoge))))
      case .itemsTapped:
        return .send(.delegate(.navigate(.push(.items))))
      case .counter, .delegate:
        return .none
      }
    }
  }
}

extension Entry: Screen {
  /// "Entry", in the breadcrumb and the log.
  public static let title = "Entry"
}
