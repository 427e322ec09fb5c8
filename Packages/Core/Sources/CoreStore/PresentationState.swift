import CoreDependencies

/// A child screen that may be presented (a sheet, a drill-down, an alert): nil when nothing is.
///
/// Use it as a property wrapper on an optional, usually of a `Destination` enum, so that only
/// one destination can be active at a time. The value lives in a copy-on-write box, so a
/// feature can present itself (recursive state has a finite size). Assigning a new value
/// presents anew; changing the presented value in place keeps it the same presentation.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// // in the body:
/// Reduce { ... }
///   .ifLet(\.$destination, action: .destination) { Destination() }
/// ```
@propertyWrapper
public struct PresentationState<State> {
  private var box: Box

  /// Wraps a presented value, or nothing.
  public init(wrappedValue: State?) {
    self.box = Box(value: wrappedValue, identity: wrappedValue.map { _ in Self.newIdentity() })
  }

  /// The presented value. Assigning a value with another navigation id (another case of a
  /// `Destination` enum, or another `Identifiable` id) presents anew: a new identity, so the
  /// old child's effects are cancelled. Assigning one with the same navigation id keeps the
  /// presentation and its effects, as in TCA; so does mutating in place.
  public var wrappedValue: State? {
    get { box.value }
    set {
      if let newValue, let current = box.value, let identity = box.identity,
        PresentationIdentity(of: current) == PresentationIdentity(of: newValue)
      {
        box = Box(value: newValue, identity: identity)
      } else {
        box = Box(value: newValue, identity: newValue.map { _ in Self.newIdentity() })
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&box) {
        box = Box(value: box.value, identity: box.identity)
      }
      yield &box.value
      if box.value == nil {
        box.identity = nil
      } else if box.identity == nil {
        box.identity = Self.newIdentity()
      }
    }
  }

  /// The wrapper itself, so a parent can name it by key path: `\.$destination`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// One case of the presented value, for a `Destination` enum: nil when nothing is presented
  /// or another case is. Changing the case's value in place keeps the presentation; setting a
  /// value while another case is presented presents anew; setting nil dismisses this case.
  ///
  /// ```swift
  /// $0.$destination[case: .edit]?.draft.name = "Tea"
  /// ```
  public subscript<Case>(case casePath: CasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(casePath.extract(from:)) }
    set {
      let isThisCase = self[case: casePath] != nil
      switch (newValue, isThisCase) {
      case (let value?, true):
        modifyPresented { $0 = casePath.embed(value) }
      case (let value?, false):
        wrappedValue = casePath.embed(value)
      case (nil, true):
        wrappedValue = nil
      case (nil, false):
        break
      }
    }
  }

  /// Which presentation this is; nil when nothing is presented.
  var identity: Int? { box.identity }

  /// Changes the presented value in place, keeping the presentation's identity.
  mutating func modifyPresented(_ body: (inout State) -> Void) {
    if !isKnownUniquelyReferenced(&box) {
      box = Box(value: box.value, identity: box.identity)
    }
    guard var value = box.value else { return }
    box.value = nil
    body(&value)
    box.value = value
  }

  private static func newIdentity() -> Int { presentationIdentities.next() }

  private final class Box {
    var value: State?
    var identity: Int?

    init(value: State?, identity: Int?) {
      self.value = value
      self.identity = identity
    }
  }
}

private let presentationIdentities = LockedCounter()

extension PresentationState: Equatable where State: Equatable {
  /// Equal when the presented values are equal; at once when both share one box (the store
  /// compares whole states after every batch, and an unchanged presentation shares its box).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}

// The box is copied before any mutation when shared, so a value is never mutated while
// another copy (possibly on another thread) can see it.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
  /// Shows the presented value alone.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

/// TCA 1.x's name for ``PresentationState``: `@Presents var destination: Destination.State?`.
public typealias Presents<State> = PresentationState<State>
