import CoreDependencies
import CoreRouting
import CoreStore
import Foundation

/// A screen with a little domain state (a name the person types) that pushes Fuga with it,
/// and goes back with the `dismiss` dependency.
public struct Hoge: Reducer, Sendable {
  /// The longest name Hoge accepts.
  public static let maximumNameLength = 40

  /// Where Hoge may ask to go.
  public enum Route: NavigationRoute {
    /// The Fuga screen, given the name as plain data.
    case fuga(name: String)
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
  public enum Action: Equatable, Sendable {
    /// The person typed a name.
    case nameChanged(String)
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

  /// Keeps the name, refuses to go on without one, and asks for Fuga with it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let raw):
      let name = raw.trimmingCharacters(in: .whitespaces)
      guard name.count <= Self.maximumNameLength else {
        state.message =
          "A name has at most \(Self.maximumNameLength) characters; this one has \(name.count)."
        return .none
      }
      state.name = name
      state.message = nil
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

extension Hoge: Screen {
  /// "Hoge", in the breadcrumb and the log.
  public static let title = "Hoge"
}
