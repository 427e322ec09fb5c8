import CoreDependencies
import CoreRouting
import CoreStore
import Foundation
import ItemsClient

/// A list of items with tree-based navigation: one optional ``Destination`` —
/// detail, edit, add, or a delete question (an alert) — instead of one optional per screen.
///
/// The items are shared (`@Shared(.items)`): the panel and an item's detail show the same
/// value, so a change here is there at once. They exist only once loaded: ``State/items`` is
/// nil until the first load finishes and while a reload runs, and every change to the list
/// (add, edit, delete, a quantity step) and every save starts from the loaded items. A
/// command typed while the list loads is refused with one line; a list that was never loaded
/// cannot be saved over the file. A list that appears when the items are loaded already
/// shows them at once (`reload` reads the file again).
///
/// Each row is an ``ItemRow`` run on its element of the shared items; a step tells the list,
/// which saves once the stepping has settled for ``settleDelay``. Items are loaded and saved
/// through ``ItemsClient``. A failed load or save shows one line and keeps the items the
/// person has; leaving the screen cancels a load in flight.
public struct ItemList: Reducer, Sendable {
  /// Where the list and the screens it presents may ask to go, with `@Dependency(\.navigate)`
  /// from where they are (the list itself asks only to go back); no action of the list relays
  /// its destinations' requests.
  public enum Route: NavigationRoute {
    /// Hoge, starting from a name (an item's detail passes the item's name).
    case hoge(name: String)
  }

  /// What the list screen holds: the shared items once loaded, whether a load is running, the
  /// open destination.
  public struct State: Equatable, Sendable {
    /// The items, in the order shown (position 1 is the first), shared with every screen that
    /// shows them; nil until they are loaded, and while they load again.
    @Shared(.items) public var items: IdentifiedArrayOf<Item>? = nil
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
    /// The items shown before a reload began, put back if it fails.
    public var itemsBeforeReload: IdentifiedArrayOf<Item>?
    /// The active destination, if any.
    @PresentationState public var destination: Destination.State?

    /// A list of the shared items as they are, or of `items` (which then become the shared
    /// items).
    public init(
      items: [Item]? = nil,
      isLoading: Bool = false,
      message: String? = nil,
      destination: Destination.State? = nil
    ) {
      self.isLoading = isLoading
      self.message = message
      self.destination = destination
      if let items { $items.withLock { $0 = IdentifiedArray(uniqueElements: items) } }
    }

    /// Whether the list has been loaded (and is not loading again).
    public var isLoaded: Bool { items != nil }
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
    /// The App closes the list without its asking (a sign-out, a link that replaces its
    /// stack): the steps still settling are saved now, as `back` saves them.
    case closing
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
  @Dependency(\.isPresented) var isPresented
  @Dependency(\.navigate) var navigate
  @Dependency(\.continuousClock) var clock

  /// The reducer; the list reads its items, ids, clock and `dismiss` as dependencies.
  public init() {}

  /// The list's logic, then the rows (once loaded), then the active destination.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.items == nil, !state.isLoading else { return .none }
        return load(&state)
      case .reloadTapped:
        guard !state.isLoading else { return .none }
        // Steps still waiting to be saved are saved before the file is read again.
        let owed = state.isSavePending ? state.items.map { save($0, &state) } : nil
        state.itemsBeforeReload = state.items
        state.$items.withLock { $0 = nil }
        return .concatenate(owed ?? .none, load(&state))
      case .itemsLoaded(let items):
        // Another screen's load may have filled the shared items first, and a change may have
        // followed it: an older read never replaces them.
        state.$items.withLock { $0 = $0 ?? IdentifiedArray(uniqueElements: items) }
        state.itemsBeforeReload = nil
        state.isLoading = false
        state.message = nil
        return .none
      case .loadFailed(let reason):
        // A failed reload shows the list as it was; a failed first load has nothing to show.
        state.$items.withLock { [before = state.itemsBeforeReload] in $0 = before }
        state.itemsBeforeReload = nil
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
        guard state.isSavePending, let items = state.items else { return .none }
        return save(items, &state)
      case .openTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .detail(ItemDetail.State(item: item))
        return .none
      case .editTapped(let position):
        guard let item = item(at: position, in: &state) else { return .none }
        state.destination = .edit(ItemEdit.State(draft: item, mode: .edit))
        return .none
      case .addTapped(let raw):
        guard state.items != nil else {
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
            "Your changes are not saved (\(reason)); type back again to leave the list with them unsaved."
          return .none
        }
        // The list's last message answered the command before; the stack answers this one.
        state.message = nil
        state.isLeaveConfirmed = false
        // Steps still settling are saved before the screen goes (its work ends with it).
        let owed = state.isSavePending ? state.items.map { save($0, &state) } : nil
        return .concatenate(
          owed ?? .none,
          .run { send in
            // Presented (a test's host, or an app where the list is no tab's root), it closes
            // itself; at the root of a stack it asks the stack to go back, and the App decides
            // (there, that nothing can close it).
            guard isPresented else { return await navigate(NavigationCommand<Route>.pop) }
            await dismiss()
          })
      case .closing:
        guard state.isSavePending, let items = state.items else { return .none }
        return save(items, &state)
      case .destination(.presented(let action)):
        return handle(action, &state)
      case .destination(.dismiss):
        return .none
      case .rows(.element(_, .delegate(.quantityChanged))):
        state.isSavePending = true
        return .send(.stepsSettled)
          .debounce(id: CancelID.settle, for: Self.settleDelay, clock: clock)
      case .rows(let rowAction):
        return stepRow(rowAction, &state)
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }

  /// Runs a row's action on its element of the shared items, in place under the lock (a
  /// shared value changes through `withLock`, not through a key path as `ifLet` would).
  private func stepRow(_ action: ItemRows.Action, _ state: inout State) -> Effect<Action> {
    let effect = state.$items.withLock { items -> Effect<ItemRows.Action>? in
      guard items != nil else { return nil }
      return ItemRows().reduce(into: &items!, action: action)
    }
    guard let effect else {
      reportIssue(
        "ItemList received \(action) while its items are not loaded; the view refuses row "
          + "commands until they are")
      return .none
    }
    return effect.map(Action.rows)
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
    guard let items = state.items else {
      state.message = Self.stillLoading
      return nil
    }
    // Compared, not subtracted: position - 1 would overflow for Int.min.
    guard position >= 1, position <= items.count else {
      state.message =
        items.isEmpty
        ? "There are no items yet; add one with add \"name\"."
        : "No item \(position): the list has items 1 to \(items.count)."
      return nil
    }
    state.message = nil
    return items[position - 1]
  }

  /// What the list does with its destinations' requests. Each request comes from a screen
  /// opened on the loaded list, so the items are there; the change and its save start from
  /// them.
  private func handle(_ action: Destination.Action, _ state: inout State) -> Effect<Action> {
    switch action {
    case .detail(.delegate(.edit)):
      guard case .detail(let detail) = state.destination else { return .none }
      state.destination = .edit(ItemEdit.State(draft: detail.item, mode: .edit))
      return .none
    case .edit(.delegate(.save(let item))):
      guard let items = change(&state, { $0[id: item.id]? = item }) else { return .none }
      state.destination = nil
      return save(items, &state)
    case .add(.delegate(.save(let item))):
      guard let items = change(&state, { $0.append(item) }) else { return .none }
      state.destination = nil
      return save(items, &state)
    case .alert(.confirmDeletion(let id)):
      // The alert closes itself.
      guard let items = change(&state, { $0.remove(id: id) }) else { return .none }
      return save(items, &state)
    case .detail, .edit, .add:
      return .none
    }
  }

  /// Changes the loaded items in place; the items after the change, or nil (and no change)
  /// when they are not loaded.
  private func change(
    _ state: inout State, _ body: (inout IdentifiedArrayOf<Item>) -> Void
  ) -> IdentifiedArrayOf<Item>? {
    state.$items.withLock { items in
      guard items != nil else { return nil }
      body(&items!)
      return items
    }
  }

  /// Saves the loaded items (and with them any steps still waiting to settle); after an
  /// earlier failure, says when the list is saved again. Takes the items themselves, not the
  /// state: a list that was never loaded has none to give.
  private func save(_ loaded: IdentifiedArrayOf<Item>, _ state: inout State) -> Effect<Action> {
    let client = itemsClient
    let items = Array(loaded)
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
  /// The list loads as it starts showing (unless its items are there already).
  public static var appearAction: Action? { .onAppear }
  /// A list closed by the App saves the steps it still owes.
  public static var closeAction: Action? { .closing }

  /// An item's position opens its detail: `items/3`.
  public static var linkChoices: [String] { ["a position (1, 2, …)"] }

  /// Opens the detail of the item at the position `segment` names (1 is the first), or says
  /// why not: not a position, no such item, items not loaded.
  public static func open(_ segment: LinkSegment, in state: inout State)
    throws(NavigationLinkError)
  {
    // Range-checked here, where it is read: 0, a negative number or Int.min is no position.
    guard let position = Int(segment.name), position >= 1 else {
      throw .cannotOpen(title, segment.name, linkChoices)
    }
    guard let items = state.items else {
      throw .gone("The items are not loaded yet, so item \(position) cannot be opened.")
    }
    guard items.indices.contains(position - 1) else {
      throw .gone(
        "There is no item \(position); the list has \(items.count) "
          + (items.count == 1 ? "item." : "items."))
    }
    state.destination = .detail(ItemDetail.State(item: items[position - 1]))
  }

  /// The open detail's item, by position: `3`; nothing for any other destination.
  public static func linkSegments(of state: State) -> [LinkSegment] {
    guard case .detail(let detail) = state.destination,
      let index = state.items?.index(id: detail.item.id)
    else { return [] }
    return [LinkSegment(String(index + 1))]
  }
}
