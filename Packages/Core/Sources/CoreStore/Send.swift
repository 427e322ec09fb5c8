/// Sends actions back into the store from inside an effect.
///
/// Sending after the effect was cancelled does nothing, so a cancelled effect cannot change
/// the state of a screen that is gone.
///
/// ```swift
/// return .run { send in
///   let items = try await items.load()
///   await send(.loaded(items))
/// }
/// ```
public struct Send<Action: Sendable>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void

  /// Makes a send handle from a closure; stores and tests make these.
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action, unless the current task was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// A handle that sends `transform(action)` through this one.
  public func map<Child: Sendable>(
    _ transform: @escaping @Sendable (Child) -> Action
  ) -> Send<Child> {
    Send<Child> { self.send(transform($0)) }
  }
}
