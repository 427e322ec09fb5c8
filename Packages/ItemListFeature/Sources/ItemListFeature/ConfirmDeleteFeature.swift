import CoreDependencies
import CoreStore

/// Asks "delete this item?" (an alert-like destination): yes hands the answer to the list,
/// no closes the question.
public struct ConfirmDeleteFeature: Reducer, Sendable {
  /// The item in question.
  public struct State: Equatable, Sendable {
    /// The item that would be deleted.
    public var item: Item

    /// The question for `item`.
    public init(item: Item) {
      self.item = item
    }
  }

  /// The answers.
  public enum Action: Equatable, Sendable {
    /// Delete it.
    case yesTapped
    /// Keep it.
    case noTapped
    /// Requests for the list.
    case delegate(Delegate)

    /// What the question asks of the list.
    public enum Delegate: Equatable, Sendable {
      /// The person confirmed: delete the item.
      case confirmed
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The question.
  public init() {}

  /// Confirms, or closes itself.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .yesTapped:
      return .send(.delegate(.confirmed))
    case .noTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
