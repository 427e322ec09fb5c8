/// A feature's logic: how an action changes the state and which effect it starts.
///
/// Implement either ``reduce(into:action:)`` directly, or a ``body`` composed from other
/// reducers with ``ReducerBuilder``.
///
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case increment, decrement }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The data a feature holds.
  associatedtype State
  /// The events a feature reacts to.
  associatedtype Action
  /// The reducer that ``body`` returns; `Never` when the type implements `reduce` itself.
  associatedtype Body

  /// Changes `state` for `action` and returns the work to do next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// This reducer composed from others.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// Never read: a reducer that implements `reduce(into:action:)` has no body.
  public var body: Body {
    fatalError("\(Self.self) implements reduce(into:action:); its body is never read")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// The reducer type of a feature, for `some ReducerOf<Self>` in a `body`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
