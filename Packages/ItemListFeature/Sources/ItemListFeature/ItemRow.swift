import CoreStore
import ItemsClient

/// One row of the list: an item whose quantity a person steps up and down. Each step that
/// changes the quantity tells the list, which saves once the stepping has settled (so five
/// quick steps are one save).
public struct ItemRow: Reducer, Sendable {
  /// The row's state: its item (an element of the shared items).
  public typealias State = Item

  /// What can happen on a row.
  public enum Action: Equatable, Sendable {
    /// One more.
    case moreTapped
    /// One fewer.
    case lessTapped
    /// Requests for the list.
    case delegate(Delegate)

    /// What a row asks of the list.
    public enum Delegate: Equatable, Sendable {
      /// The quantity changed: the list owes a save.
      case quantityChanged
    }
  }

  /// The reducer; a row needs nothing to configure.
  public init() {}

  /// Steps the quantity within 0...``Item/maximumQuantity``; a step that changes it tells
  /// the list. A step past either end changes nothing and asks for nothing.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .moreTapped:
      guard state.quantity < Item.maximumQuantity else { return .none }
      state.quantity += 1
      return .send(.delegate(.quantityChanged))
    case .lessTapped:
      guard state.quantity > 0 else { return .none }
      state.quantity -= 1
      return .send(.delegate(.quantityChanged))
    case .delegate:
      return .none
    }
  }
}

/// The loaded rows, each run by an ``ItemRow``: the part of ``ItemList`` that exists only once
/// its list is loaded.
public struct ItemRows: Reducer, Sendable {
  /// The rows, in the order shown.
  public typealias State = IdentifiedArrayOf<Item>
  /// An action of one row.
  public typealias Action = IdentifiedActionOf<ItemRow>

  /// The reducer.
  public init() {}

  /// Each row's action goes to that row.
  public var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.self, action: CasePath({ $0 }, extract: { $0 })) { ItemRow() }
  }
}
