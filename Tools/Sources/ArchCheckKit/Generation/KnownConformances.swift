/// What the repo's sources say each type conforms to, for generated enums that should conform
/// only where every case does, as TCA's enum reducers: `Destination.State` is `Equatable` only
/// when each case's state is. A type the sources do not declare (a standard library type, a
/// generic one) is taken to conform: the compiler still checks it.
struct KnownConformances {
  /// Each type declaration's conformances, by its nested name (`["Hoge", "State"]`).
  private var declared: [[String]: Set<String>] = [:]
  /// Each extension's conformances, by the name it extends as written (`["Path", "State"]`).
  private var extended: [[String]: Set<String>] = [:]
  /// What the whole repo knows, asked about a type this module does not declare (another
  /// module's, or a name two modules use, where this module's own declaration wins).
  private var wider: [KnownConformances] = []

  /// Nothing known: every type is taken to conform.
  init() {}

  /// A type declared with these conformances.
  mutating func addDeclaration(of name: [String], conformingTo protocols: [String]) {
    declared[name, default: []].formUnion(protocols)
  }

  /// An extension adding these conformances.
  mutating func addExtension(of name: [String], conformingTo protocols: [String]) {
    guard !protocols.isEmpty else { return }
    extended[name, default: []].formUnion(protocols)
  }

  /// Adds what another file declares.
  mutating func add(_ other: KnownConformances) {
    declared.merge(other.declared) { $0.union($1) }
    extended.merge(other.extended) { $0.union($1) }
  }

  /// This module's knowledge first, then `repo`'s for the types it does not declare.
  func within(_ repo: KnownConformances) -> KnownConformances {
    var scoped = self
    scoped.wider = [repo]
    return scoped
  }

  /// Whether `type` (as written in a case: `Counter.State`) conforms: false only when the
  /// sources declare it and neither it nor an extension of it says so.
  func says(_ type: String, conformsTo conformance: Conformance) -> Bool {
    says(type, conformsToAnyOf: conformance.protocols)
  }

  /// Whether `type`, the one unlabeled value of a reducer enum's case, is plain state rather
  /// than a reducer (TCA's `@ReducerCaseIgnored case item(Item)`): a collection, an optional or
  /// a tuple, a standard value type, or a type the sources declare without saying `Reducer`.
  func isPlainState(_ type: String) -> Bool {
    if type.contains(where: { "[]?()".contains($0) }) || Self.standardValues.contains(type) {
      return true
    }
    return !says(type, conformsToAnyOf: ["Reducer", "CaseReducer", "Screen", "ScreenList"])
  }

  /// Standard library and Foundation value types a case may hold as plain state.
  private static let standardValues: Set<String> = [
    "String", "Substring", "Character", "Int", "Int64", "Int32", "UInt", "Double", "Float",
    "Bool", "Date", "URL", "UUID", "Data", "Decimal", "Duration",
  ]

  private func says(_ type: String, conformsToAnyOf protocols: Set<String>) -> Bool {
    guard type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
      return true
    }
    let name = type.split(separator: ".").map(String.init)
    let declarations = declared.filter { key, _ in Self.names(key, name) }
    guard !declarations.isEmpty else {
      return wider.first?.says(type, conformsToAnyOf: protocols) ?? true
    }
    let extensions = extended.filter { key, _ in Self.names(key, name) || Self.names(name, key) }
    return (Array(declarations.values) + Array(extensions.values)).contains {
      !$0.isDisjoint(with: protocols)
    }
  }

  /// Whether the sources extend `type` (`Destination.State`) with the conformance themselves,
  /// as TCA's docs do for an enum reducer's state: the generated type must not say it again.
  func extends(_ type: [String], with conformance: Conformance) -> Bool {
    extended.contains { key, protocols in
      Self.names(type, key) && !protocols.isDisjoint(with: conformance.protocols)
    }
  }

  /// Whether `full` is named by `written`: `written` is its end (`State` of `Hoge.State`).
  private static func names(_ full: [String], _ written: [String]) -> Bool {
    full.count >= written.count && full.suffix(written.count).elementsEqual(written)
  }
}

/// A conformance a generated enum declares only where every case's type has it.
enum Conformance: CaseIterable {
  case equatable
  case sendable

  /// The protocol's name, as a generated declaration writes it.
  var name: String {
    switch self {
    case .equatable: "Equatable"
    case .sendable: "Sendable"
    }
  }

  /// The protocols whose declaration says a type has it (`Hashable` refines `Equatable`; an
  /// `Error` or an `actor` is `Sendable`).
  var protocols: Set<String> {
    switch self {
    case .equatable: ["Equatable", "Hashable"]
    case .sendable: ["Sendable", "Error", "actor"]
    }
  }
}
