import CoreDependencies

/// The screens pushed on a navigation stack, bottom first, each under its own
/// ``StackElementID``.
///
/// Appending takes the next id from the `stackElementID` dependency, so ids are predictable
/// in tests. Ids on a stack are unique whatever mix of appends, explicit ids (a deep link, a
/// `push(id:state:)`) and removals built it, and an append always draws an id above every id
/// the stack has held: an element inserted under an explicit id moves the generator past
/// that id, and an append never reuses an id that is on the stack. Two stacks are equal when they hold the same elements under the
/// same ids.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// state.path.append(.detail(DetailFeature.State()))
/// state.path.removeLast()
/// ```
public struct StackState<Element> {
  /// The ids of the elements, bottom first.
  public private(set) var ids: [StackElementID] = []
  private var elements: [StackElementID: Element] = [:]
  /// The largest id this stack has held, so an append can draw above it in constant time.
  private var highestID: StackElementID?

  /// An empty stack.
  public init() {}

  /// A stack holding `elements`, each under a new id.
  public init(_ elements: some Sequence<Element>) {
    for element in elements {
      append(element)
    }
  }

  /// The element with this id, or nil when it is not on the stack. Setting nil removes it.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      guard let newValue else {
        if elements.removeValue(forKey: id) != nil {
          ids.removeAll { $0 == id }
        }
        return
      }
      if elements.updateValue(newValue, forKey: id) == nil {
        ids.append(id)
        noteInserted(id)
      }
    }
  }

  /// One case of the element with this id, for elements of an enum (a `Path`): nil when the
  /// element is not there or is another case. Setting a value replaces the element (or pushes
  /// it under this id); setting nil changes nothing.
  ///
  /// ```swift
  /// $0.path[id: 0, case: .counter]?.count = 1
  /// ```
  public subscript<Case>(id id: StackElementID, case casePath: CasePath<Element, Case>) -> Case? {
    get { self[id: id].flatMap(casePath.extract(from:)) }
    set {
      guard let newValue else { return }
      self[id: id] = casePath.embed(newValue)
    }
  }

  /// Pushes an element under the next id from the `stackElementID` dependency; never under an
  /// id already on the stack (the generator moves past the top id first if it must).
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    if let highestID, nextID.peek() <= highestID {
      nextID.advance(past: highestID)
    }
    let id = nextID()
    if !append(element, id: id) {
      // Only when the generator has reached the largest id and cannot go past it.
      reportIssue("No stack id is left after \(id); the element was not appended")
    }
  }

  /// Pushes an element under a given id, and moves the `stackElementID` generator past it so
  /// a later ``append(_:)`` cannot draw it again. Returns false (and changes nothing) when the
  /// id is already on the stack.
  @discardableResult
  public mutating func append(_ element: Element, id: StackElementID) -> Bool {
    guard elements[id] == nil else { return false }
    ids.append(id)
    elements[id] = element
    noteInserted(id)
    return true
  }

  /// Moves the generator (and this stack's highest id) past an inserted id.
  private mutating func noteInserted(_ id: StackElementID) {
    if highestID.map({ $0 < id }) ?? true { highestID = id }
    @Dependency(\.stackElementID) var nextID
    nextID.advance(past: id)
  }

  /// Removes the element with this id and every element above it. Returns the removed ids,
  /// top first; empty when the id is not on the stack.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> [StackElementID] {
    guard let index = ids.firstIndex(of: id) else { return [] }
    return removeElements(from: index)
  }

  /// Removes every element above the one with this id. Returns the removed ids, top first.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> [StackElementID] {
    guard let index = ids.firstIndex(of: id) else { return [] }
    return removeElements(from: index + 1)
  }

  /// Removes the top element and returns it, or nil when the stack is empty.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard let id = ids.popLast() else { return nil }
    return elements.removeValue(forKey: id)
  }

  /// Removes every element. Returns the removed ids, top first.
  @discardableResult
  public mutating func removeAll() -> [StackElementID] {
    removeElements(from: 0)
  }

  /// Runs `body` on the element with this id, in place. Returns nil when it is not there.
  public mutating func modify<Result>(
    id: StackElementID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let index = elements.index(forKey: id) else { return nil }
    return try body(&elements.values[index])
  }

  private mutating func removeElements(from index: Int) -> [StackElementID] {
    let removed = Array(ids[index...].reversed())
    ids.removeSubrange(index...)
    for id in removed {
      elements[id] = nil
    }
    return removed
  }
}

extension StackState: RandomAccessCollection {
  /// The bottom position.
  public var startIndex: Int { ids.startIndex }
  /// One past the top position.
  public var endIndex: Int { ids.endIndex }

  /// The element at a position (0 is the bottom).
  public subscript(position: Int) -> Element {
    elements[ids[position]]!
  }
}

extension StackState: RangeReplaceableCollection {
  /// Replaces the elements in `subrange` with `newElements`, each under a new id from the
  /// `stackElementID` dependency (as TCA's `StackState` does): what `removeLast`, `removeFirst`,
  /// `insert(_:at:)` and the rest of `RangeReplaceableCollection` are built on. An element
  /// inserted below others gets an id above theirs; appending keeps ids increasing.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    for removed in ids[subrange] {
      elements[removed] = nil
    }
    var inserted: [StackElementID] = []
    for element in newElements {
      @Dependency(\.stackElementID) var nextID
      if let highestID, nextID.peek() <= highestID {
        nextID.advance(past: highestID)
      }
      let id = nextID()
      elements[id] = element
      inserted.append(id)
      noteInserted(id)
    }
    ids.replaceSubrange(subrange, with: inserted)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Same ids in the same order, same elements.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of these elements, each under a new id.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: CustomReflectable {
  /// Shows the elements keyed by id, as `[#0: ..., #1: ...]`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ids.map { (label: $0.description, value: elements[$0] as Any) },
      displayStyle: .dictionary)
  }
}
