import CoreStore

/// A counter that Entry holds as a child, composed with `Scope`: the child knows
/// nothing of its parent, and the parent embeds the child's actions in its own.
public struct Counter: Reducer, Sendable {
  /// The count.
  public struct State: Equatable, Sendable {
    /// The current count.
    public var count: Int

    /// A counter at `count`.
    public init(count: Int = 0) {
      self.count = count
    }
  }

  /// What a person can do to the counter.
  public enum Action: Equatable, Sendable {
    /// Adds one.
    case incrementTapped
    /// Takes one away.
    case decrementTapped
  }

  /// The reducer; a counter takes nothing to configure.
  public init() {}

  /// Adds or takes away one, never going below zero.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
    case .decrementTapped:
      state.count = max(0, state.count - 1)
    }
    return .none
  }
}
