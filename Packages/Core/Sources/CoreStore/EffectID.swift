/// An identifier that cancels effects: any hashable, sendable value, wrapped.
///
/// Made by ``Effect/cancellable(id:cancelInFlight:)`` and ``Effect/cancel(id:)``; navigation
/// scopes wrap their children's ids so two screens of the same kind never cancel each other.
package struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Only ever built from `Hashable & Sendable` values, so the wrapped value is sendable.
  private let base: AnyHashable

  package init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }

  /// Wraps a hashable that is not declared `Sendable` but is immutable, like a key path.
  init(uncheckedKey base: some Hashable) {
    self.base = AnyHashable(base)
  }

  package var description: String { "\(base)" }
}

/// An id that cancels a run, and whether starting the run cancels earlier runs with that id.
package struct EffectCancellation: Sendable {
  package var id: EffectID
  package var cancelInFlight: Bool
}
