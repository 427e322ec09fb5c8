import CoreDependencies
import CoreStore
import ItemsClient

/// A summary of the item list that other screens show (the App hands it to a screen through
/// that screen's `ViewBuildingClient`, so the screen never imports this module): how many items are kept. It reads the
/// shared items (`@Shared(.items)`), so the count follows every change the list makes with no
/// refresh; when no screen has loaded them yet, its `onAppear` loads them through
/// ``ItemsClient``.
public struct ItemsPanel: Reducer, Sendable {
  /// What the panel holds: the shared items, and why loading them failed.
  public struct State: Equatable, Sendable {
    /// The items, shared with the list; nil until a screen loads them.
    @Shared(.items) public var items: IdentifiedArrayOf<Item>? = nil
    /// Why the last load failed, while it has.
    public var failure: String?

    /// A panel on the shared items as they are.
    public init(failure: String? = nil) {
      self.failure = failure
    }
  }

  /// What can happen to the panel.
  public enum Action: CasePathable, Equatable, Sendable {
    /// The screen showing the panel appeared: load the items unless a screen has.
    case onAppear
    /// The load finished.
    case loaded([Item])
    /// The load failed, with a reason.
    case loadFailed(String)
  }

  @Dependency(\.items) var itemsClient

  /// The reducer; the panel loads through ``ItemsClient`` when it must.
  public init() {}

  /// Loads on `onAppear` while the items are not loaded; a load in flight is replaced.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard state.items == nil else { return .none }
        let client = itemsClient
        return .run { send in
          await send(.loaded(try await client.load()))
        } catch: { error, send in
          await send(.loadFailed(ItemList.reason(error)))
        }
        .cancellable(id: LoadID(), cancelInFlight: true)
      case .loaded(let items):
        // The list may have loaded (and changed) them meanwhile: an older read never wins.
        state.$items.withLock { $0 = $0 ?? IdentifiedArray(uniqueElements: items) }
        state.failure = nil
        return .none
      case .loadFailed(let reason):
        state.failure = reason
        return .none
      }
    }
  }
}

/// The load in flight, so a new one replaces it.
private struct LoadID: Hashable, Sendable {}
