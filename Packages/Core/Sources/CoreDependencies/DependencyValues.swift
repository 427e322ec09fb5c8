import Foundation
import Synchronization

/// The dependencies that code running now can read, travelling as a task-local value.
///
/// Read one with ``Dependency``; override some for a scope with ``withDependencies(_:operation:)``.
/// A value nobody overrode comes from its key: `liveValue`, `previewValue` or `testValue`,
/// chosen by ``context``, created once per set of values and cached.
///
/// Code that runs outside any scope (a detached task, a callback, a global) sees the root
/// values: `.test` context when the process runs tests (Swift Testing or XCTest), `.live`
/// otherwise, so a test never reaches a live value by accident.
///
/// ```swift
/// extension DependencyValues {
///   var items: ItemsClient {
///     get { self[ItemsClient.self] }
///     set { self[ItemsClient.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values of the running task; the root's context is ``DependencyContext/processDefault``.
  /// In a test process the root keeps a cache per running test, so a plain `Store` in one test
  /// counts its ids from zero whatever other tests did.
  @TaskLocal public static var current = DependencyValues(
    context: .processDefault, cache: DefaultValueCache(perTest: TestProcess.isRunning),
    includesPrepared: true)

  /// Whether an update closure (`withDependencies { … }`, a store's `withDependencies:`) is
  /// running: a value read there (to change one of its fields) resolves without reporting
  /// and without being cached, as in swift-dependencies.
  @TaskLocal package static var isUpdating = false

  /// Runs `update` on `values` as an update closure (see ``isUpdating``).
  @usableFromInline
  package static func update<Failure: Error>(
    _ values: inout DependencyValues, with update: (inout DependencyValues) throws(Failure) -> Void
  ) throws(Failure) {
    var result: Result<Void, Failure> = .success(())
    $isUpdating.withValue(true) {
      result = Result { () throws(Failure) in try update(&values) }
    }
    try result.get()
  }

  /// Which default a key resolves to: live, preview or test.
  public var context: DependencyContext
  /// Where issues found while these values are current are reported: the running test when
  /// the process runs tests and `CoreTesting` is linked, standard error otherwise.
  public var issueReporter: IssueReporter = .processDefault

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var cache: DefaultValueCache
  /// The root values and their copies see what ``prepareDependencies(_:)`` set.
  private var includesPrepared = false

  /// Empty values in a context, with a cache of their own (so a `TestStore`'s generators start
  /// fresh for each test).
  public init(context: DependencyContext = .processDefault) {
    self.init(context: context, cache: DefaultValueCache(perTest: false))
  }

  private init(
    context: DependencyContext, cache: DefaultValueCache, includesPrepared: Bool = false
  ) {
    self.context = context
    self.cache = cache
    self.includesPrepared = includesPrepared
  }

  /// Reads or overrides the value for a key.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      // Bind the stored value before casting: a missing override must not pass for an
      // optional-valued key's nil.
      if let stored = overrides[ObjectIdentifier(key)], let value = stored as? Key.Value {
        return value
      }
      if includesPrepared, let value = PreparedDependencies.value(for: key) {
        return value
      }
      return cache.value(for: key, context: context)
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// Whether a value for this key was set explicitly (rather than resolved from its key).
  public func isOverridden<Key: TestDependencyKey>(_ key: Key.Type) -> Bool {
    overrides[ObjectIdentifier(key)] != nil
  }

  /// The same context, reporter and overrides, with an empty cache of defaults of its own:
  /// what a new root (a console, a test) uses so that its counters and generators start
  /// afresh instead of sharing the process-wide ones.
  ///
  /// ```swift
  /// let values = DependencyValues.current.withFreshCache()
  /// ```
  public func withFreshCache() -> DependencyValues {
    var copy = self
    copy.cache = DefaultValueCache(perTest: false)
    return copy
  }
}

/// Sets the dependencies of the whole app once, at its start, before any is read, as
/// swift-dependencies' `prepareDependencies`: every value read outside a narrower scope (the
/// root values and everything that starts from them) sees them.
///
/// ```swift
/// @main struct App {
///   static func main() {
///     prepareDependencies { $0.items = .file(at: url) }
///     ...
///   }
/// }
/// ```
public func prepareDependencies(_ update: (inout DependencyValues) throws -> Void) rethrows {
  var values = DependencyValues(context: .processDefault)
  try DependencyValues.update(&values, with: update)
  PreparedDependencies.add(values.overridesForPreparation)
}

extension DependencyValues {
  fileprivate var overridesForPreparation: [ObjectIdentifier: any Sendable] { overrides }
}

/// What ``prepareDependencies(_:)`` set, for the whole process.
private enum PreparedDependencies {
  private static let values = Mutex<[ObjectIdentifier: any Sendable]>([:])
  /// Whether anything was prepared: read first, so the reads of an app that prepares nothing
  /// take no lock.
  private static let isEmpty = Atomic(true)

  static func add(_ new: [ObjectIdentifier: any Sendable]) {
    values.withLock { $0.merge(new) { _, newer in newer } }
    isEmpty.store(false, ordering: .releasing)
  }

  static func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value? {
    guard !isEmpty.load(ordering: .acquiring) else { return nil }
    return values.withLock { $0[ObjectIdentifier(key)] } as? Key.Value
  }
}

/// Default values resolved from keys, created exactly once per key and context (and per
/// running test, for the root of a test process), even when several tasks read a key for the
/// first time at once.
private final class DefaultValueCache: @unchecked Sendable {
  private struct Entry: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
    let test: String?
  }

  private let perTest: Bool

  // Recursive: a default value may itself read other dependencies while it is built. Every
  // access to `values` holds the lock, hence the unchecked Sendable.
  private let lock = NSRecursiveLock()
  private var values: [Entry: any Sendable] = [:]

  init(perTest: Bool) {
    self.perTest = perTest
  }

  func value<Key: TestDependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
    if DependencyValues.isUpdating, context != .live {
      // Read to be changed: the preview value, never reported, never kept.
      return Key.previewValue
    }
    let test = perTest ? LinkedTestFramework.adapter?.currentTestID : nil
    let entry = Entry(key: ObjectIdentifier(key), context: context, test: test)
    if context == .live, !(key is any DependencyKey.Type) {
      // Reported on every read outside an update closure, as swift-dependencies reports it;
      // the test value stands in, kept as any default is (a change made through it lasts).
      if !DependencyValues.isUpdating {
        reportIssue(
          "\(Key.self) has no live value; add a DependencyKey conformance in the app target")
      }
      return lock.withLock {
        let value = values[entry] as? Key.Value ?? Key.testValue
        values[entry] = value
        return value
      }
    }
    lock.lock()
    defer { lock.unlock() }
    if let cached = values[entry], let value = cached as? Key.Value {
      return value
    }
    let resolved = Self.resolve(key, context: context)
    values[entry] = resolved
    return resolved
  }

  private static func resolve<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext
  ) -> Key.Value {
    switch context {
    case .test:
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .live:
      return liveValue(of: key) ?? Key.testValue
    }
  }

  /// The key's live value; nil when no module declares one. The live conformance may be
  /// declared in another module (the app): it is looked up now.
  private static func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value? {
    guard let liveKey = key as? any DependencyKey.Type else { return nil }
    return liveValue(of: liveKey) as? Key.Value
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> Any {
    Key.liveValue
  }
}
