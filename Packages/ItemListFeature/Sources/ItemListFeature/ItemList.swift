import CoreDependencies
import CoreRouting
import CoreStore
import Foundation
import ItemsClient

/// A list of items with tree-based navigation (seed 004): one optional ``Destination`` —
/// detail, edit, add, or a delete question (an alert) — instead of one optional per screen.
///
/// Each row is an ``ItemRow`` in an `IdentifiedArray`, run with `forEach`: its quantity
/// steps up and down and it asks for a save once the stepping settles; deleting a row cancels
/// its pending save. Items come from ``ItemsClient``. A failed load or save shows one line and
/// keeps the items the person has; leaving the screen cancels a load in flight.
public struct ItemList: Reducer, Sendable {
  /// What the list screen holds: the rows, whether a load is running, the open destination.
  public struct State: Equatable, Sendable {
    /// The rows, in the order shown (position 1 is the first).
    public var rows: IdentifiedArrayOf<ItemRow.State>
    /// A load is in flight.
    public var isLoading: Bool
    /// The items were loaded once (so appearing again does not reload).
    public var hasLoaded: Bool
    /// One line about the last refusal or failure, if any.
    public var message: String?
    /// Why the items shown are not all saved, while they are not; cleared by a save that
    /// succeeds. Leaving the list with unsaved changes asks for a second `back`.
    public var unsavedReason: String?
    /// The person was told that leaving drops unsaved changes; the next back leaves.
    public var isLeaveConfirmed = false
    /// The active destination, if any.
    @PresentationState public var destination: Destination.State?

    /// A list, empty and not loaded yet unless told otherwise.
    public init(
      items: [Item] = [],
      isLoading: Bool = false,
      hasLoaded: Bool = false,
      message: String? = nil,
      destination: Destination.State? = nil
    ) {
      self.rows = IdentifiedArray(uniqueElements: items.map(ItemRow.State.init(item:)))
      self.isLoading = isLoading
      self.hasLoaded = hasLoaded
      self.message = message
      self.destination = destination
    }

    /// The items of the rows, in order. Setting them replaces the rows (a repeated id is
    /// reported and left out).
    public var items: [Item] {
      get { rows.map(\.item) }
      set { rows = IdentifiedArray(uniqueElements: newValue.map(ItemRow.State.init(item:))) }
    }
  }

  /// What can happen on the list.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The screen appeared: load unless loaded.
    case onAppear
    /// Load again.
    case reloadTapped
    /// The load finished.
    case itemsLoaded([Item])
    /// The load failed, with a reason.
    case loadFailed(String)
    /// The save failed, with a reason.
    case saveFailed(String)
    /// A save succeeded after an earlier one had failed: the list is saved again.
    case saved
    /// Show the item at a position (1-based).
    case openTapped(position: Int)
    /// Edit the item at a position.
    case editTapped(position: Int)
    /// Start adding an item with this name.
    case addTapped(name: String)
    /// Ask whether to delete the item at a position.
    case deleteTapped(position: Int)
    /// Leave the list.
    case backTapped
    /// An action of one row.
    case rows(IdentifiedActionOf<ItemRow>)
    /// An action of the active destination.
    case destination(PresentationAction<Destination.Action>)
  }

  enum CancelID { case load }

  @Dependency(\.items) var itemsClient
  @Dependency(\.uuid) var uuid
  @Dependency(\.dismiss) var dismiss

  /// The reducer; the list reads its items, ids and `dismiss` as dependencies.
  public init() {}

  /// The list's logic, then the active destination.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard !state.hasLoaded, !state.isLoading else { return .none }
        return load(&state)
      case .reloadTapped:
        return load(&state)
      case .itemsLoaded(let items):
        state.items = items
        state.isLoading = false
        state.hasLoaded = true
        state.message = nil
        return .none
      case .loadFailed(let reason):
        state.isLoading = false
        state.message = "Could not load the items (\(reason)); type reload to try again."
        return .none
      case .saveFailed(let reason):
        state.message =
          "Could not save (\(reason)); your changes stay here and are saved with the next one."
        state.unsavedReason = reason
        state.isLeaveConfirmed = false
        return .none
      case .saved:
        state.unsavedReason = nil
        state.isLeaveConfirmed = false
        return .none
      case .openTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .detail(ItemDetail.State(item: item))
        return .none
      case .editTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .edit(ItemEdit.State(draft: item, mode: .edit))
        return .none
      case .addTapped(let raw):
        switch ItemName.validate(raw) {
        case .failure(let error):
          state.message = error.description
        case .success(let name):
          state.message = nil
          state.destination = .add(
            ItemEdit.State(draft: Item(id: uuid(), name: name), mode: .add))
        }
        return .none
      case .deleteTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .alert(.delete(item))
        return .none
      case .backTapped:
        if let reason = state.unsavedReason, !state.isLeaveConfirmed {
          state.isLeaveConfirmed = true
          state.message =
            "Your changes are not saved (\(reason)); type back again to leave without them."
          return .none
        }
        return .run { _ in await dismiss() }
      case .destination(.presented(let action)):
        return handle(action, &state)
      case .destination(.dismiss):
        return .none
      case .rows(.element(_, .delegate(.quantityChanged))):
        return save(state)
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { ItemRow() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    let client = itemsClient
    return .run { send in
      await send(.itemsLoaded(try await client.load()))
    } catch: { error, send in
      await send(.loadFailed(Self.reason(error)))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  /// The item at a 1-based position, or nil with a message saying why there is none.
  private func item(at position: Int, in state: inout State) -> Item? {
    // Compared, not subtracted: position - 1 would overflow for Int.min.
    guard position >= 1, position <= state.rows.count else {
      state.message =
        state.items.isEmpty
        ? "There are no items yet; add one with add \"name\"."
        : "No item \(position): the list has items 1 to \(state.items.count)."
      return nil
    }
    state.message = nil
    return state.rows[position - 1].item
  }

  /// What the list does with its destinations' requests.
  private func handle(_ action: Destination.Action, _ state: inout State) -> Effect<Action> {
    switch action {
    case .detail(.delegate(.edit)):
      guard case .detail(let detail) = state.destination else { return .none }
      state.destination = .edit(ItemEdit.State(draft: detail.item, mode: .edit))
      return .none
    case .edit(.delegate(.save(let item))):
      state.rows[id: item.id]?.item = item
      state.destination = nil
      return save(state)
    case .add(.delegate(.save(let item))):
      state.rows.append(ItemRow.State(item: item))
      state.destination = nil
      return save(state)
    case .alert(.confirmDeletion(let id)):
      // The alert closes itself; the row's pending save, if any, is cancelled with the row.
      state.rows.remove(id: id)
      return save(state)
    case .detail, .edit, .add:
      return .none
    }
  }

  /// Saves the list; after an earlier failure, says when it is saved again.
  private func save(_ state: State) -> Effect<Action> {
    let client = itemsClient
    let items = state.items
    let wasUnsaved = state.unsavedReason != nil
    return .run { send in
      try await client.save(items)
      if wasUnsaved { await send(.saved) }
    } catch: { error, send in
      await send(.saveFailed(Self.reason(error)))
    }
  }

  static func reason(_ error: any Error) -> String {
    (error as? LocalizedError)?.errorDescription ?? "\(error)"
  }
}

extension ItemList: Screen {
  /// "Items", in the breadcrumb and the log.
  public static let title = "Items"
  /// The list loads each time it is pushed.
  public static var appearAction: Action? { .onAppear }
}
