import CoreDependencies
import CoreStore
import Foundation
import ItemListFeature
import ItemsClient

let milk = Item(id: UUID(counting: 1), name: "Milk", quantity: 2, note: "oat")
let eggs = Item(id: UUID(counting: 2), name: "Eggs", quantity: 12)

/// A failure with a readable reason, as a live client would throw.
struct DiskFull: LocalizedError, Equatable {
  var errorDescription: String? { "disk full" }
}

/// Records what was saved, from any task.
actor SaveLog {
  private(set) var saves: [[Item]] = []
  func record(_ items: [Item]) { saves.append(items) }
}

extension ItemsClient {
  /// Loads `items` and records every save.
  static func recording(_ items: [Item], into log: SaveLog) -> ItemsClient {
    ItemsClient(load: { items }, save: { await log.record($0) })
  }
}

extension ItemList.State {
  /// Exactly one destination or none: the invariant tree-based navigation gives.
  var activeDestinationCount: Int { destination == nil ? 0 : 1 }
}

/// A flag a test flips while a client reads it from another task.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Bool

  init(_ value: Bool) {
    self.current = value
  }

  var value: Bool {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }
}

extension ItemRow.Action {
  /// What a row sends once its stepping settles.
  static var settledDelegate: Self { .delegate(.quantityChanged) }
}

extension Optional where Wrapped == IdentifiedArrayOf<Item> {
  /// The shared items a load of `items` makes.
  static func of(_ items: [Item]) -> Self {
    IdentifiedArray(uniqueElements: items)
  }
}
