import CoreDependencies
import CoreRouting
import CoreStore
import Foundation

/// A screen with a little domain state (a name the person types) that asks for the next screen with it,
/// and goes back with the `dismiss` dependency.
public struct Hoge: Reducer, Sendable {
  /// The longest name Hoge accepts.
  public static let maximumNameLength = 40

  /// Where Hoge may ask to go.
  public enum Route: NavigationRoute {
    /// The Fuga screen, given the name as plain data.
    case fuga(name: String)
    /// The item list. Hoge only asks; the App decides how (with tabs, it shows the items
    /// tab rather than pushing a second list).
    case items
  }

  /// What the screen holds: the name typed so far and the last refusal.
  public struct State: Equatable, Sendable {
    /// The name typed so far.
    public var name: String
    /// One line that says why the last command was refused, if it was.
    public var message: String?

    /// The screen as it opens: empty for a person to type into, or with a name to pass on.
    public init(name: String = "", message: String? = nil) {
      self.name = name
      self.message = message
    }
  }

  /// What can happen on Hoge.
  public enum Action: BindableAction, CasePathable, Equatable, Sendable {
    /// The person asked for the item list.
    case itemsTapped
    /// The person typed into a field: `.set(\.name, "Ann")`.
    case binding(BindingAction<State>)
    /// The person asked for Fuga.
    case fugaTapped
    /// The person asked to go back.
    case backTapped
    /// Requests for whoever assembles the app.
    case delegate(Delegate)

    /// What Hoge asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Change the navigation stack.
      case navigate(NavigationCommand<Route>)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The reducer; Hoge takes nothing to configure (its `dismiss` is a dependency).
  public init() {}

  /// Keeps the name (trimmed, at most ``maximumNameLength`` characters, else the old one and a
  /// refusal), refuses to go on without one, and passes it on.
  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.name) { oldName, newName in
        Reduce { state, _ in
          Self.accept(newName, replacing: oldName, in: &state)
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .itemsTapped:
        return .send(.delegate(.navigate(.push(.items))))
      case .binding:
        return .none
      case .fugaTapped:
        guard !state.name.isEmpty else {
          state.message = "Type a name first: name \"Ann\"."
          return .none
        }
        state.message = nil
        return .send(.delegate(.navigate(.push(.fuga(name: state.name)))))
      case .backTapped:
        return .run { _ in await dismiss() }
      case .delegate:
        return .none
      }
    }
  }

  /// Keeps a typed name trimmed, or puts the old one back with a refusal when it is too long.
  private static func accept(_ typed: String, replacing oldName: String, in state: inout State) {
    let name = typed.trimmingCharacters(in: .whitespaces)
    guard name.count <= maximumNameLength else {
      state.name = oldName
      state.message =
        "A name has at most \(maximumNameLength) characters; this one has \(name.count)."
      return
    }
    state.name = name
    state.message = nil
  }
}

extension Hoge: Screen {
  /// "Hoge", in the breadcrumb and the log.
  public static let title = "Hoge"
}
