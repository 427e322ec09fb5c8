import CoreDependencies
import CoreStore
import ItemsClient

/// A summary of the item list that other screens show (Entry shows it through its
/// `ViewBuildingClient`, without importing this module): how many items are kept, counted
/// through ``ItemsClient`` whenever whoever holds the panel asks it to `refresh`, so the count
/// follows the items added and deleted on the list.
public struct ItemsPanel: Reducer, Sendable {
  /// What the panel holds: the count it shows once loaded, or why loading failed.
  public struct State: Equatable, Sendable {
    /// How many items are kept; nil until the first count.
    public var count: Int?
    /// Why the last count failed, while it has.
    public var failure: String?

    /// A panel that has not counted yet, unless told otherwise.
    public init(count: Int? = nil, failure: String? = nil) {
      self.count = count
      self.failure = failure
    }
  }

  /// What can happen to the panel.
  public enum Action: CasePathable, Equatable, Sendable {
    /// Count the items again (the screen showing the panel appeared).
    case refresh
    /// The count finished.
    case counted(Int)
    /// The count failed, with a reason.
    case countFailed(String)
  }

  @Dependency(\.items) var items

  /// The reducer; the panel reads the items as a dependency.
  public init() {}

  /// Counts on `refresh`; a refresh while one is in flight replaces it.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .refresh:
        let items = self.items
        return .run { send in
          await send(.counted(try await items.load().count))
        } catch: { error, send in
          await send(.countFailed(ItemList.reason(error)))
        }
        .cancellable(id: CountID(), cancelInFlight: true)
      case .counted(let count):
        state.count = count
        state.failure = nil
        return .none
      case .countFailed(let reason):
        state.failure = reason
        return .none
      }
    }
  }
}

/// The in-flight count, so a new refresh replaces it.
private struct CountID: Hashable, Sendable {}
