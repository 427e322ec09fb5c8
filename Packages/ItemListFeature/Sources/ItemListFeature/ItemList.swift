import CoreDependencies
import CoreRouting
import CoreStore
import Foundation
import ItemsClient

/// A list of items with tree-based navigation (seed 004): one optional ``Destination`` —
/// detail, edit, add, or a delete question (an alert) — instead of one optional per screen.
///
/// The rows exist only once the list is loaded: ``State/rows`` is nil until the first load
/// finishes and while a reload runs, and every change to the list (add, edit, delete, a
/// quantity step) and every save starts from the loaded rows. A command typed while the list
/// loads is refused with one line; a list that was never loaded cannot be saved over the file.
///
/// Each row is an ``ItemRow`` in an `IdentifiedArray`; a step tells the list, which saves once
/// the stepping has settled for ``settleDelay``. Items come from ``ItemsClient``. A failed load
/// or save shows one line and keeps the items the person has; leaving the screen cancels a
/// load in flight.
public struct ItemList: Reducer, Sendable {
  /// What the list screen holds: the rows once loaded, whether a load is running, the open
  /// destination.
  public struct State: Equatable, Sendable {
    /// The rows, in the order shown (position 1 is the first); nil until the list is loaded,
    /// and while it loads again.
    public var rows: IdentifiedArrayOf<ItemRow.State>?
    /// A load is in flight.
    public var isLoading: Bool
    /// One line about the last refusal or failure, if any.
    public var message: String?
    /// Why the items shown are not all saved, while they are not; cleared by a save that
    /// succeeds. Leaving the list with unsaved changes asks for a second `back`.
    public var unsavedReason: String?
    /// The person was told that leaving drops unsaved changes; the next back leaves.
    public var isLeaveConfirmed = false
    /// A step changed a quantity and its save waits for the stepping to settle.
    public var isSavePending = false
    /// The rows shown before a reload began, put back if it fails.
    public var rowsBeforeReload: IdentifiedArrayOf<ItemRow.State>?
    /// The active destination, if any.
    @PresentationState public var destination: Destination.State?

    /// A list; not loaded (nil items) unless given its items.
    public init(
      items: [Item]? = nil,
      isLoading: Bool = false,
      message: String? = nil,
      destination: Destination.State? = nil
    ) {
      self.rows = items.map { IdentifiedArray(uniqueElements: $0.map(ItemRow.State.init(item:))) }
      self.isLoading = isLoading
      self.message = message
      self.destination = destination
    }

    /// The items of the rows, in order; nil while the list is not loaded.
    public var items: [Item]? { rows?.map(\.item) }

    /// Whether the list has been loaded (and is not loading again).
    public var isLoaded: Bool { rows != nil }
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
    /// The stepping paused for ``ItemList/settleDelay``: save the steps.
    case stepsSettled
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

  /// How long the stepping must pause before the list saves it.
  public static let settleDelay = Duration.milliseconds(500)

  /// What the list refuses while its items are not loaded.
  public static let stillLoading = "The list is still loading; try again once its items show."

  enum CancelID { case load, settle }

  @Dependency(\.items) var itemsClient
  @Dependency(\.uuid) var uuid
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock

  /// The reducer; the list reads its items, ids, clock and `dismiss` as dependencies.
  public init() {}

  /// The list's logic, then the rows (once loaded), then the active destination.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.rows == nil, !state.isLoading else { return .none }
        return load(&state)
      case .reloadTapped:
        guard !state.isLoading else { return .none }
        // Steps still waiting to be saved are saved before the file is read again.
        let owed = state.isSavePending ? state.rows.map { save($0, &state) } : nil
        state.rowsBeforeReload = state.rows
        state.rows = nil
        return .concatenate(owed ?? .none, load(&state))
      case .itemsLoaded(let items):
        state.rows = IdentifiedArray(uniqueElements: items.map(ItemRow.State.init(item:)))
        state.rowsBeforeReload = nil
        state.isLoading = false
        state.message = nil
        return .none
      case .loadFailed(let reason):
        // A failed reload shows the list as it was; a failed first load has nothing to show.
        state.rows = state.rowsBeforeReload
        state.rowsBeforeReload = nil
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
      case .stepsSettled:
        guard state.isSavePending, let rows = state.rows else { return .none }
        return save(rows, &state)
      case .openTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .detail(ItemDetail.State(item: item))
        return .none
      case .editTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .edit(ItemEdit.State(draft: item, mode: .edit))
        return .none
      case .addTapped(let raw):
        guard state.rows != nil else {
          state.message = Self.stillLoading
          return .none
        }
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
        // Steps still settling are saved before the screen goes (its work ends with it).
        let owed = state.isSavePending ? state.rows.map { save($0, &state) } : nil
        return .concatenate(owed ?? .none, .run { _ in await dismiss() })
      case .destination(.presented(let action)):
        return handle(action, &state)
      case .destination(.dismiss):
        return .none
      case .rows(.element(_, .delegate(.quantityChanged))):
        state.isSavePending = true
        return .send(.stepsSettled)
          .debounce(id: CancelID.settle, for: Self.settleDelay, clock: clock)
      case .rows:
        return .none
      }
    }
    .ifLet(\.rows, action: \.rows) { ItemRows() }
    .ifLet(\.$destination, action: \.destination)
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
    guard let rows = state.rows else {
      state.message = Self.stillLoading
      return nil
    }
    // Compared, not subtracted: position - 1 would overflow for Int.min.
    guard position >= 1, position <= rows.count else {
      state.message =
        rows.isEmpty
        ? "There are no items yet; add one with add \"name\"."
        : "No item \(position): the list has items 1 to \(rows.count)."
      return nil
    }
    state.message = nil
    return rows[position - 1].item
  }

  /// What the list does with its destinations' requests. Each request comes from a screen
  /// opened on the loaded list, so the rows are there; the change and its save start from them.
  private func handle(_ action: Destination.Action, _ state: inout State) -> Effect<Action> {
    switch action {
    case .detail(.delegate(.edit)):
      guard case .detail(let detail) = state.destination else { return .none }
      state.destination = .edit(ItemEdit.State(draft: detail.item, mode: .edit))
      return .none
    case .edit(.delegate(.save(let item))):
      guard var rows = state.rows else { return .none }
      rows[id: item.id]?.item = item
      state.rows = rows
      state.destination = nil
      return save(rows, &state)
    case .add(.delegate(.save(let item))):
      guard var rows = state.rows else { return .none }
      rows.append(ItemRow.State(item: item))
      state.rows = rows
      state.destination = nil
      return save(rows, &state)
    case .alert(.confirmDeletion(let id)):
      // The alert closes itself.
      guard var rows = state.rows else { return .none }
      rows.remove(id: id)
      state.rows = rows
      return save(rows, &state)
    case .detail, .edit, .add:
      return .none
    }
  }

  /// Saves the loaded rows (and with them any steps still waiting to settle); after an
  /// earlier failure, says when the list is saved again. Takes the rows themselves, not the
  /// state: a list that was never loaded has none to give.
  private func save(_ rows: IdentifiedArrayOf<ItemRow.State>, _ state: inout State) -> Effect<
    Action
  > {
    let client = itemsClient
    let items = rows.map(\.item)
    let wasUnsaved = state.unsavedReason != nil
    let wasPending = state.isSavePending
    state.isSavePending = false
    let write = Effect<Action>.run { send in
      try await client.save(items)
      if wasUnsaved { await send(.saved) }
    } catch: { error, send in
      await send(.saveFailed(Self.reason(error)))
    }
    return wasPending ? .merge(.cancel(id: CancelID.settle), write) : write
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
