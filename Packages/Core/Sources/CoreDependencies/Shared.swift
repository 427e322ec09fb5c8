import Foundation

/// A value several features hold at once, as TCA's `@Shared`: every `Shared` of the same key
/// reads and changes one value, so the list on one screen and the count on another never need
/// copying between them. Readable anywhere; changed with ``withLock(_:)`` from a reducer or an
/// effect. In a `TestStore`, a change is part of the step that made it and must be asserted.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.inMemory("items")) var items: [Item] = []
/// }
/// // in the reducer:
/// state.$items.withLock { $0.append(item) }
/// // a part of it, itself shared:
/// let first: Shared<Item> = state.$items[0]
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  fileprivate let storage: any SharedStorage<Value>

  /// A value shared by everyone who holds this `Shared` (and its copies), with no key.
  public init(value: Value) {
    storage = SharedReference(value)
  }

  /// The value kept under `key`: the one already there, or `wrappedValue` when there is none
  /// yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    storage = key.reference(initialValue: wrappedValue)
  }

  /// The optional value kept under `key`: the one already there, or nil when there is none
  /// yet (`@Shared(.items) var items`).
  public init<Wrapped: Sendable>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    storage = key.reference(initialValue: { nil })
  }

  /// The value kept under `key`: the one already there, or the key's default
  /// (`@Shared(.syncUps) var syncUps`).
  public init<Key: SharedKey<Value>>(_ key: SharedKeyDefault<Key>) {
    storage = key.reference()
  }

  /// The value kept under `key`: the one already there, or `wrappedValue` instead of the key's
  /// default (`@Shared(.syncUps) var syncUps = [.mock]`, in a test or a preview).
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>
  ) {
    storage = key.reference(initialValue: wrappedValue)
  }

  /// The value of `base` while it is not nil, as swift-sharing's `Shared(_:)`: nil when `base`
  /// is nil now; once `base` becomes nil, the last value it held (a detail showing an item
  /// another screen deleted still reads it, and changes to it go nowhere).
  ///
  /// ```swift
  /// guard let syncUp = Shared($syncUps[id: id]) else { return }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let unwrapped = SharedUnwrapped(base: base.storage) else { return nil }
    storage = unwrapped
  }

  private init(storage: any SharedStorage<Value>) {
    self.storage = storage
  }

  /// The value. Change it with ``withLock(_:)``.
  public var wrappedValue: Value { storage.current }

  /// The `Shared` itself: `$items.withLock { … }`, `$items.count`.
  public var projectedValue: Shared<Value> { self }

  /// Changes the value under its lock; what `body` returns.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.change(body)
  }

  /// Saves a change to a stored value (`.fileStorage`, `.appStorage`) now, instead of after
  /// its quiet moment; nothing for a value kept in memory.
  public func save() throws(SharedStorageError) {
    try storage.save()
  }

  /// Takes the stored value when another program changed it since it was read, dropping a
  /// change not saved yet; nothing for a value kept in memory.
  public func load() throws(SharedStorageError) {
    try storage.load()
  }

  /// A part of the value, itself shared: changing it changes the whole.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    part(keyPath)
  }

  /// A part of the value reached by any writable key path (a subscript's, say), itself
  /// shared: what `$items[id: id]` is built on.
  public func part<Member: Sendable>(
    _ keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(storage: SharedPart(whole: storage, keyPath: keyPath))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Equal when they hold equal values. Two `Shared` of one box compare the left one's
  /// expected value (while a test store checks a step) with the right one's actual value,
  /// which is how a step's shared changes are checked.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if lhs.storage.isSameBox(as: rhs.storage), let expected = lhs.storage.assertedValue {
      return expected == rhs.storage.actualValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: CustomReflectable, CustomStringConvertible {
  /// The value's parts, as a test's diff shows them.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }

  /// The value, described.
  public var description: String { String(describing: wrappedValue) }
}

/// What a ``Shared`` reads and changes: a box, or a part of one.
protocol SharedStorage<Value>: Sendable {
  associatedtype Value: Sendable
  var current: Value { get }
  var actualValue: Value { get }
  var assertedValue: Value? { get }
  func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result
  func isSameBox(as other: any SharedStorage<Value>) -> Bool
  func save() throws(SharedStorageError)
  func load() throws(SharedStorageError)
}

extension SharedReference: SharedStorage {
  func isSameBox(as other: any SharedStorage<Value>) -> Bool {
    (other as? SharedReference<Value>) === self
  }
}

/// A part of a shared value, reached by a key path.
struct SharedPart<Whole: Sendable, Value: Sendable>: SharedStorage {
  let whole: any SharedStorage<Whole>
  let keyPath: WritableKeyPath<Whole, Value> & Sendable

  var current: Value { whole.current[keyPath: keyPath] }
  var actualValue: Value { whole.actualValue[keyPath: keyPath] }
  var assertedValue: Value? { whole.assertedValue?[keyPath: keyPath] }

  func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try whole.change { try body(&$0[keyPath: keyPath]) }
  }

  func save() throws(SharedStorageError) {
    try whole.save()
  }

  func load() throws(SharedStorageError) {
    try whole.load()
  }

  func isSameBox(as other: any SharedStorage<Value>) -> Bool {
    guard let other = other as? SharedPart<Whole, Value> else { return false }
    return other.keyPath == keyPath && whole.isSameBox(as: other.whole)
  }
}

/// The value of an optional shared value, or the last one it held once it is nil
/// (``Shared/init(_:)-(Shared<Value?>)``).
final class SharedUnwrapped<Value: Sendable>: SharedStorage, @unchecked Sendable {
  private let base: any SharedStorage<Value?>
  private let lock = NSLock()
  private var last: Value

  init?(base: any SharedStorage<Value?>) {
    guard let value = base.current else { return nil }
    self.base = base
    self.last = value
  }

  /// `value`, remembered as the last one seen when it is there; else the last one.
  private func remembering(_ value: Value?) -> Value {
    lock.withLock {
      if let value { last = value }
      return last
    }
  }

  var current: Value { remembering(base.current) }
  var actualValue: Value { remembering(base.actualValue) }
  var assertedValue: Value? {
    guard let asserted = base.assertedValue else { return nil }
    return asserted ?? lock.withLock { last }
  }

  func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.change { optional in
      guard var value = optional else {
        // The base is gone: the change is kept here only, as the value still shown.
        var value = lock.withLock { last }
        defer { lock.withLock { last = value } }
        return try body(&value)
      }
      defer {
        optional = value
        lock.withLock { last = value }
      }
      return try body(&value)
    }
  }

  func isSameBox(as other: any SharedStorage<Value>) -> Bool {
    guard let other = other as? SharedUnwrapped<Value> else { return false }
    return other === self || base.isSameBox(as: other.base)
  }

  func save() throws(SharedStorageError) {
    try base.save()
  }

  func load() throws(SharedStorageError) {
    try base.load()
  }
}
