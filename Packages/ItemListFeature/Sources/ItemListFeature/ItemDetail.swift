import CoreDependencies
import CoreRouting
import CoreStore
import ItemsClient

/// One item, read-only: the drill-down destination of the list. It can open a screen of
/// another module with the item's name, two levels above it, by asking for the list's
/// route with `@Dependency(\.navigate)`: the list relays nothing.
public struct ItemDetail: Reducer, Sendable {
  /// The item shown, read from the shared items, so it is the item as it is now.
  public struct State: Equatable, Sendable {
    /// Which item is shown.
    public let id: Item.ID
    /// The items, shared with the list.
    @Shared(.items) var items: IdentifiedArrayOf<Item>? = nil
    /// The item as it was when the detail opened: shown if it leaves the shared items.
    private let itemAsOpened: Item

    /// Detail of `item`.
    public init(item: Item) {
      self.id = item.id
      self.itemAsOpened = item
    }

    /// The item as the shared items hold it now.
    public var item: Item { items?[id: id] ?? itemAsOpened }
  }

  /// What can happen on the detail.
  public enum Action: Equatable, Sendable {
    /// The person wants to edit this item.
    case editTapped
    /// The person wants Hoge, starting from this item's name.
    case hogeTapped
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
  @Dependency(\.navigate) var navigate

  /// The reducer; the detail takes nothing to configure.
  public init() {}

  /// Asks to edit, asks the app for another screen with the item's name, or closes itself.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .editTapped:
      return .send(.delegate(.edit))
    case .hogeTapped:
      // The stack the list is on takes it as its `navigationRequested` action (the App's
      // ScreenStack.swift) and decides it there, as every other request.
      return .run { [name = state.item.name] _ in
        await navigate(.push(ItemList.Route.hoge(name: name)))
      }
    case .backTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
