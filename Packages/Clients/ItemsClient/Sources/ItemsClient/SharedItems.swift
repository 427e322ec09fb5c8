import CoreDependencies
import CoreStore
import Foundation

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<Item>?> {
  /// The items as this app has them, nil until a screen loads them through ``ItemsClient``:
  /// the list, Entry's items panel and an item's detail read and change this one value, so no
  /// screen copies items from another and none refreshes by hand.
  ///
  /// The file stays behind ``ItemsClient`` rather than `.fileStorage`: its promises (one
  /// writer per data folder, a file from a newer version never downgraded, unknown fields
  /// kept byte for byte, a failed save shown on the list until a later one succeeds) are the
  /// client's, and a screen decides when a change is worth a save (a step settles first).
  ///
  /// ```swift
  /// @Shared(.items) var items
  /// ```
  public static var items: Self { .inMemory("items") }
}
