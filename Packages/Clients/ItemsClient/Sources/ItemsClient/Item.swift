import CoreDependencies
import Foundation

/// One entry of the list: a name, how many, and a free-form note.
public struct Item: Equatable, Sendable, Identifiable, Codable {
  /// Stable identity, from the `uuid` dependency.
  public var id: UUID
  /// What it is; 1 to ``ItemName/maximumLength`` characters.
  public var name: String
  /// How many; 0 to ``Item/maximumQuantity``.
  public var quantity: Int
  /// Anything else worth saying; may be empty.
  public var note: String

  /// The largest quantity an item may have.
  public static let maximumQuantity = 9999

  /// An item.
  public init(id: UUID, name: String, quantity: Int = 1, note: String = "") {
    self.id = id
    self.name = name
    self.quantity = quantity
    self.note = note
  }

  /// A few items for previews, with fixed ids.
  public static let samples = [
    Item(id: UUID(counting: 100), name: "Milk", quantity: 2, note: "oat"),
    Item(id: UUID(counting: 101), name: "Eggs", quantity: 12),
    Item(id: UUID(counting: 102), name: "Bread"),
  ]
}
