/// An enum whose cases can be named like key paths: `\.counter`, `\.destination.edit`.
///
/// Conform an enum in its declaration and run `make generate`: the generator (in `Tools/`)
/// writes the conformance into a committed `<File>.generated.swift` next to the source — a
/// case path per case in ``AllCasePaths``, and for each case with a value an optional property
/// of the same name (`state.destination?.edit`). No macros: the accessors are plain Swift that
/// `make check` keeps current.
///
/// ```swift
/// public enum Action: CasePathable, Sendable {
///   case counter(CounterFeature.Action)
///   case refreshTapped
/// }
///
/// Scope(state: \.counter, action: \.counter) { CounterFeature() }
/// ```
public protocol CasePathable {
  /// One property per case, each a ``CasePath`` from this enum to the case's value (`Void`
  /// for a case without one, a tuple for a case with several).
  associatedtype AllCasePaths: Sendable
  /// The case paths of every case.
  static var allCasePaths: AllCasePaths { get }
}

/// A case path written as a key path into an enum's ``CasePathable/AllCasePaths``:
/// `\.counter`, or chained through nested enums, `\.destination.edit`.
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, CasePath<Root, Value>
>

extension CasePathable {
  /// The value of a case, or nil while the enum is another case, named as a member: on an enum
  /// declared `@dynamicMemberLookup`, `mode.playing` is the progress while it plays, and
  /// `modes.compactMap(\.playing)` every progress. swift-case-paths gives every case-pathable
  /// enum this subscript, which `@dynamicMemberLookup` needs.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Self.AllCasePaths, CasePath<Self, Value>>
  ) -> Value? {
    Self.allCasePaths[keyPath: keyPath].extract(from: self)
  }
}

extension CasePath where Root: CasePathable {
  /// The case path a ``CaseKeyPath`` names.
  public init(_ keyPath: CaseKeyPath<Root, Value>) {
    self = Root.allCasePaths[keyPath: keyPath]
  }
}

extension CasePath where Value: CasePathable {
  /// A case of this case's enum value: `\.child.increment` is `.child(.increment)`.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, CasePath<Value, Member>>
  ) -> CasePath<Root, Member> {
    appending(Value.allCasePaths[keyPath: keyPath])
  }
}

extension CasePath {
  /// A case of a presented child's actions, through `.presented` as TCA spells it:
  /// `\.destination.edit` is `.destination(.presented(.edit(…)))`.
  public subscript<Child: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Child.AllCasePaths, CasePath<Child, Member>>
  ) -> CasePath<Root, Member> where Value == PresentationAction<Child> {
    appending(PresentationAction<Child>.allCasePaths.presented)
      .appending(Child.allCasePaths[keyPath: keyPath])
  }
}

extension CasePath {
  /// The presentation actions of one destination case, named by a case key path:
  /// `CasePath(\.destination).presenting(\.alert)`, what an alert's view sends through.
  public func presenting<Destination: CasePathable, Child>(
    _ child: CaseKeyPath<Destination, Child>
  ) -> CasePath<Root, PresentationAction<Child>>
  where Value == PresentationAction<Destination> {
    presenting(CasePath<Destination, Child>(child))
  }
}

extension CasePath {
  /// The actions of the stack element with this id, as TCA spells it: `\.path[id: id]`.
  public subscript<ElementState, ElementAction>(
    id id: StackElementID
  ) -> CasePath<Root, ElementAction>
  where Value == StackAction<ElementState, ElementAction> {
    appending(
      CasePath<StackAction<ElementState, ElementAction>, ElementAction>(
        { .element(id: id, action: $0) },
        extract: { if case .element(id, let action) = $0 { action } else { nil } }))
  }
}
