import CoreDependencies
import CoreStore
import ItemsClient

/// One item, read-only: the drill-down destination of the list.
public struct ItemDetail: Reducer, Sendable {
  /// The item shown.
  public struct State: Equatable, Sendable {
    /// The item shown, as it was when the detail opened.
    public var item: Item

    /// Detail of `item`.
    public init(item: Item) {
      self.item = item
    }
  }

  /// What can happen on the detail.
  public enum Action: Equatable, Sendable {
    /// The person wants to edit this item.
    case editTapped
    /// The person wants to go back to the list.
    case backTapped
    /// Requests for the list.
    case delegate(Delegate)

    /// What the detail asks of the list.
    public enum Delegate: Equatable, Sendable {
      /// Replace the detail with the editor for this item.
      case edit
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The reducer; the detail takes nothing to configure.
  public init() {}

  /// Asks to edit, or closes itself.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .editTapped:
      return .send(.delegate(.edit))
    case .backTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
