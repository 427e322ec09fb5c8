import CoreDependencies
import CoreStore
import ItemsClient

/// One row of the list: an item whose quantity a person steps up and down. The row tells the
/// list to save once the stepping has settled for half a second, so five quick steps are one
/// save; a row removed while a save is pending never saves (its work ends with it).
public struct ItemRow: Reducer, Sendable {
  /// The row's state: its item.
  public struct State: Equatable, Sendable, Identifiable {
    /// The item shown on the row.
    public var item: Item

    /// The row's id is its item's.
    public var id: Item.ID { item.id }

    /// A row for `item`.
    public init(item: Item) {
      self.item = item
    }
  }

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
      /// The quantity changed and settled: save the list.
      case quantityChanged
    }
  }

  /// How long the stepping must pause before the row asks for a save.
  public static let settleDelay = Duration.milliseconds(500)

  enum CancelID { case settle }

  @Dependency(\.continuousClock) var clock

  /// The reducer; a row reads its clock as a dependency.
  public init() {}

  /// Steps the quantity within 0...``Item/maximumQuantity``, then waits for the pause.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .moreTapped:
      guard state.item.quantity < Item.maximumQuantity else { return .none }
      state.item.quantity += 1
      return settle()
    case .lessTapped:
      guard state.item.quantity > 0 else { return .none }
      state.item.quantity -= 1
      return settle()
    case .delegate:
      return .none
    }
  }

  /// Waits for the pause, then asks for a save; a new step cancels the wait, and with it the
  /// request that would have followed.
  private func settle() -> Effect<Action> {
    .concatenate(
      .run { _ in try await clock.sleep(for: Self.settleDelay) },
      .send(.delegate(.quantityChanged))
    )
    .cancellable(id: CancelID.settle, cancelInFlight: true)
  }
}
