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
public struct Send<Action>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void
  /// Cancels the runs marked with an id (all of them for nil) inside the screens of a path
  /// relative to the effect's own screen; how a concatenated effect performs its cancel steps.
  package let cancel: (@MainActor @Sendable (EffectID?, [EffectOwner]) -> Void)?

  /// Makes a send handle from a closure; stores and tests make these.
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
    self.cancel = nil
  }

  package init(
    send: @escaping @MainActor @Sendable (Action) -> Void,
    cancel: @escaping @MainActor @Sendable (EffectID?, [EffectOwner]) -> Void
  ) {
    self.send = send
    self.cancel = cancel
  }

  /// Sends an action, unless the current task was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// A handle that sends `transform(action)` through this one.
  public func map<Child>(
    _ transform: @escaping @Sendable (Child) -> Action
  ) -> Send<Child> {
    guard let cancel else { return Send<Child> { self.send(transform($0)) } }
    return Send<Child>(send: { self.send(transform($0)) }, cancel: cancel)
  }
}
