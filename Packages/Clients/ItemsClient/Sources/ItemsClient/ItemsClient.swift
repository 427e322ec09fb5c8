import CoreDependencies

/// Loads and saves the list. ItemList declares it; the App provides the live value (a JSON
/// file); previews keep the list in memory; tests must say what it does.
///
/// ```swift
/// let store = TestStore(initialState: ItemList.State()) { ItemList() }
///   withDependencies: { $0.items = .inMemory(Item.samples) }
/// ```
public struct ItemsClient: Sendable {
  /// The saved items.
  public var load: @Sendable () async throws -> [Item]
  /// Replaces the saved items.
  public var save: @Sendable ([Item]) async throws -> Void

  /// A client from its two endpoints.
  public init(
    load: @escaping @Sendable () async throws -> [Item],
    save: @escaping @Sendable ([Item]) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// A client that keeps the items in memory for as long as it lives.
  public static func inMemory(_ items: [Item]) -> ItemsClient {
    let storage = ItemStorage(items)
    return ItemsClient(
      load: { await storage.items },
      save: { await storage.replace(with: $0) })
  }
}

/// The memory of an in-memory client.
private actor ItemStorage {
  var items: [Item]

  init(_ items: [Item]) {
    self.items = items
  }

  func replace(with items: [Item]) {
    self.items = items
  }
}

extension ItemsClient: TestDependencyKey {
  /// Reports any use: a test says what loading and saving do.
  public static let testValue = ItemsClient(
    load: unimplemented("ItemsClient.load"),
    save: unimplemented("ItemsClient.save"))

  /// The sample items, in memory.
  public static var previewValue: ItemsClient { .inMemory(Item.samples) }
}

extension DependencyValues {
  /// Where the item list is kept.
  public var items: ItemsClient {
    get { self[ItemsClient.self] }
    set { self[ItemsClient.self] = newValue }
  }
}
