import Foundation

/// The boxes of shared values of one kind of storage, one per key: the first `Shared` of a key
/// makes its box, every later one gets the same box.
final class SharedRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var references: [String: any Sendable] = [:]
  /// How a key is named in a report: "in-memory key", "file".
  private let keyKind: String

  init(keyKind: String) {
    self.keyKind = keyKind
  }

  /// The box under `key`, made by `make` the first time. A key used before for a value of
  /// another type is a programmer error, reported, and gets a box of its own (made again).
  func reference<Value: Sendable>(
    for key: String, make: () -> SharedReference<Value>
  ) -> SharedReference<Value> {
    lock.withLock {
      if let existing = references[key] {
        if let reference = existing as? SharedReference<Value> { return reference }
        reportIssue(
          "The \(keyKind) \"\(key)\" holds a \(type(of: existing)), not a "
            + "SharedReference<\(Value.self)>; use one type per key")
        return make()
      }
      let reference = make()
      references[key] = reference
      return reference
    }
  }

  /// Every box made so far.
  var all: [any Sendable] { lock.withLock { Array(references.values) } }
}
