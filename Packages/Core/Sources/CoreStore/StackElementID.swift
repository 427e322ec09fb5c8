import CoreDependencies

/// Identifies one screen on a navigation stack. Ids are generational: each push gets the next
/// number, and a number is never reused, so an action for a popped screen cannot reach a new
/// screen that happens to sit at the same depth.
///
/// In tests ids count from 0 for each `TestStore`, and an integer literal is an id:
/// `store.send(.path(.element(id: 0, action: .backTapped)))`.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The generation: the order in which the element was pushed.
  public let generation: Int

  /// The id with this generation.
  public init(generation: Int) {
    self.generation = generation
  }

  /// The id with this generation, written as a literal.
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  /// `#3`.
  public var description: String { "#\(generation)" }

  /// Orders ids by generation.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }
}

/// Hands out ``StackElementID``s; the `stackElementID` dependency.
///
/// ```swift
/// @Dependency(\.stackElementID) var nextID
/// let id = nextID()
/// ```
public struct StackElementIDGenerator: Sendable {
  private let counter: LockedCounter

  /// A generator counting from zero.
  public init() {
    self.counter = LockedCounter()
  }

  /// A generator whose first id is `first`; tests use it to replay the ids of a step.
  public init(startingAt first: StackElementID) {
    self.counter = LockedCounter(startingAt: first.generation)
  }

  /// The next id.
  public func callAsFunction() -> StackElementID {
    StackElementID(generation: counter.next())
  }

  /// The id the next call will return, without taking it.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.peek())
  }

  /// Makes the next id `first` again; for tests that replay the ids of a step.
  package func restart(at first: StackElementID) {
    counter.restart(at: first.generation)
  }

  /// Makes sure the next id comes after `id`: used when an element is inserted under an id
  /// that did not come from this generator (a deep link, a `push(id:state:)`).
  public func advance(past id: StackElementID) {
    counter.advance(past: id.generation)
  }
}

extension StackElementIDGenerator: DependencyKey {
  /// One counter per set of dependency values (the cache keeps it).
  public static var liveValue: StackElementIDGenerator { StackElementIDGenerator() }
  /// A fresh counter from zero for each test store (each has its own values).
  public static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}

extension DependencyValues {
  /// Where new stack element ids come from.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
