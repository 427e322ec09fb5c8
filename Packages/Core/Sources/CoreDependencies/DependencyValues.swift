import Synchronization

/// The dependencies that code running now can read, travelling as a task-local value.
///
/// Read one with ``Dependency``; override some for a scope with ``withDependencies(_:operation:)``.
/// A value nobody overrode comes from its key: `liveValue`, `previewValue` or `testValue`,
/// chosen by ``context``, created once per set of values and cached.
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
  /// The values of the running task; the root is `.live` with the standard-error reporter.
  @TaskLocal public static var current = DependencyValues()

  /// Which default a key resolves to: live, preview or test.
  public var context: DependencyContext
  /// Where issues found while these values are current are reported.
  public var issueReporter: IssueReporter = .standardError

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var cache: DefaultValueCache

  /// Empty values in a context, with a cache of their own (so a `TestStore`'s generators start
  /// fresh for each test).
  public init(context: DependencyContext = .live) {
    self.context = context
    self.cache = DefaultValueCache()
  }

  /// Reads or overrides the value for a key.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value {
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
}

/// Default values resolved from keys, created at most once per key and context.
private final class DefaultValueCache: Sendable {
  private struct Entry: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  private let storage = Mutex<[Entry: any Sendable]>([:])

  func value<Key: TestDependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
    let entry = Entry(key: ObjectIdentifier(key), context: context)
    if let cached = storage.withLock({ $0[entry] }) as? Key.Value {
      return cached
    }
    // Resolve outside the lock: a default value may itself read other dependencies.
    let resolved = Self.resolve(key, context: context)
    return storage.withLock { values in
      if let raced = values[entry] as? Key.Value {
        return raced
      }
      values[entry] = resolved
      return resolved
    }
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
      // The live conformance may be declared in another module (the app): look it up now.
      if let liveKey = key as? any DependencyKey.Type,
        let value = liveValue(of: liveKey) as? Key.Value
      {
        return value
      }
      reportIssue(
        "\(Key.self) has no live value; add a DependencyKey conformance in the app target"
      )
      return Key.testValue
    }
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> Any {
    Key.liveValue
  }
}
