/// Writes what an enum of reducers needs, one mechanism for both kinds the repo has: a
/// feature's reducer enum (`enum Destination: CaseReducer { case detail(ItemDetail) }`, TCA's
/// `@Reducer enum`) and the App's `Path`, which the screen list generator builds from the same
/// parts. The parts: the `State` and `Action` enums (a case each; state with no reducer, an
/// `AlertState<X>` or `ConfirmationDialogState<X>`, keeps its state and acts with `X`), a
/// `Scope` per reducer case, their case paths, and `store.case` over a `CaseScope`.
enum CaseReducerGenerator {
  /// One case of the enum of reducers.
  struct Case: Equatable {
    let name: String
    /// The case's reducer; nil for state that has none (an alert or a dialog).
    let reducer: String?
    let stateType: String
    let actionType: String
    /// The values of a case that holds plain state with no reducer and no actions, as TCA's
    /// `case meeting(Meeting, syncUp: SyncUp)`: its state case holds them as written, its action
    /// case is `Never`, and `store.case` gives the values themselves. Nil for any other case.
    let plainValues: [CasePathableScanner.EnumCase.Value]?

    /// A case run by `reducer`.
    init(name: String, reducer: String) {
      self.init(
        name: name, reducer: reducer, stateType: "\(reducer).State",
        actionType: "\(reducer).Action")
    }

    private init(
      name: String, reducer: String?, stateType: String, actionType: String,
      plainValues: [CasePathableScanner.EnumCase.Value]? = nil
    ) {
      self.name = name
      self.reducer = reducer
      self.stateType = stateType
      self.actionType = actionType
      self.plainValues = plainValues
    }

    /// A case that holds plain state: several values, or a labeled one.
    static func plain(name: String, values: [CasePathableScanner.EnumCase.Value]) -> Case {
      Case(
        name: name, reducer: nil, stateType: "(\(Case.payload(values)))", actionType: "Never",
        plainValues: values)
    }

    /// What the state case holds: its values as written, or the one reducer's state.
    var statePayload: String {
      plainValues.map(Case.payload) ?? stateType
    }

    /// `Meeting, syncUp: SyncUp`.
    private static func payload(_ values: [CasePathableScanner.EnumCase.Value]) -> String {
      values.map { value in value.label.map { "\($0): \(value.type)" } ?? value.type }
        .joined(separator: ", ")
    }

    /// A case read from the enum: a reducer, or state with no reducer (an alert or a dialog,
    /// which acts with the type it is generic over).
    static func read(name: String, payload: String) -> Case {
      for wrapper in ["AlertState", "ConfirmationDialogState"]
      where payload.hasPrefix(wrapper + "<") && payload.hasSuffix(">") {
        return Case(
          name: name, reducer: nil, stateType: payload,
          actionType: String(payload.dropFirst(wrapper.count + 1).dropLast()))
      }
      return Case(name: name, reducer: payload)
    }
  }

  /// The generated code for a reducer enum, or a refusal naming the line. `storeCase` writes
  /// `CaseScope` and `store.case` (the App's screen list, whose one view switch reads the
  /// state, does without them).
  static func code(
    for enumeration: CasePathableScanner.Enum, known: KnownConformances = KnownConformances(),
    storeCase writesStoreCase: Bool = true
  ) throws(CasePathableScanner.Failure) -> [String] {
    let cases = try self.cases(of: enumeration, known: known)
    let owner = enumeration.path.joined(separator: ".")
    let access = enumeration.access.map { $0 + " " } ?? ""
    var lines = ["extension \(owner) {"]
    lines += stateAndAction(
      cases, access: access, what: "the active case", indent: "  ",
      conformances: conformances(
        cases, of: enumeration.path, access: enumeration.access, known: known),
      omitting: enumeration.declaresOwn)

    // An enum that composes its cases itself keeps its own `body`.
    if !enumeration.declaresBody {
      lines += [
        "", "  /// Each case's reducer, on its case.",
        "  @ReducerBuilder<State, Action>",
        "  \(access)static var body: some Reducer<State, Action> {",
      ]
      let scopes = self.scopes(cases, indent: "    ")
      lines += scopes.isEmpty ? ["    EmptyReducer()"] : scopes
      lines.append("  }")
    }
    if writesStoreCase {
      lines.append("")
      lines += caseScopeEnum(cases, access: access, indent: "  ")
    }
    lines += ["}", ""]
    lines += [
      "extension \(owner).State: CaseReducerState {",
      "  /// The enum of reducers this is the state of.",
      "  \(access)typealias StateReducer = \(owner)",
      "}",
    ]
    for kind in ["State", "Action"]
    where known.extends(enumeration.path + [kind], with: .equatable)
      && !enumeration.declaresOwn.contains(kind)
    {
      lines.append("")
      lines += equality(of: kind, cases: cases, owner: owner, access: access)
    }
    // A `State` or `Action` the enum declares itself gets its case paths as any enum does.
    for generated in enums(cases, path: enumeration.path, access: enumeration.access)
    where !enumeration.declaresOwn.contains(generated.path.last ?? "") {
      lines.append("")
      lines += CasePathGenerator.conformance(of: generated)
    }
    if writesStoreCase {
      lines.append("")
      lines += storeCase(cases, owner: owner, access: access)
    }
    return lines
  }

  /// The cases of an enum of reducers: a reducer, an alert's or a dialog's state, or plain
  /// values (several, a labeled one, or one that `known` says is not a reducer).
  static func cases(
    of enumeration: CasePathableScanner.Enum, known: KnownConformances = KnownConformances()
  ) throws(CasePathableScanner.Failure) -> [Case] {
    var cases: [Case] = []
    for enumCase in enumeration.cases {
      guard !enumCase.values.isEmpty else {
        let type = enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst()
        throw CasePathableScanner.Failure(
          line: enumCase.line,
          message: "a case of \(enumeration.path.joined(separator: ".")) holds a reducer "
            + "(case \(enumCase.name)(\(type))), state with no reducer (case "
            + "\(enumCase.name)(AlertState<Action>)), or plain values (case "
            + "\(enumCase.name)(Item, note: String)); give it one")
      }
      guard enumCase.values.count == 1, enumCase.values[0].label == nil,
        !known.isPlainState(enumCase.values[0].type)
      else {
        cases.append(Case.plain(name: enumCase.name, values: enumCase.values))
        continue
      }
      cases.append(Case.read(name: enumCase.name, payload: enumCase.values[0].type))
    }
    guard !cases.isEmpty else {
      throw CasePathableScanner.Failure(
        line: enumeration.line,
        message: "\(enumeration.path.joined(separator: ".")) has no cases; add case "
          + "name(Reducer)")
    }
    return cases
  }

  /// `==` for a generated `State` or `Action` whose `Equatable` conformance the sources
  /// declare by extension, as TCA's docs write it (`extension Destination.State: Equatable
  /// {}`): Swift synthesizes `==` only in the type's own file, so it is written here.
  static func equality(of kind: String, cases: [Case], owner: String, access: String)
    -> [String]
  {
    var lines = [
      "extension \(owner).\(kind) {",
      "  /// Equal when both are the same case with equal values.",
      "  \(access)static func == (lhs: Self, rhs: Self) -> Bool {",
      "    switch (lhs, rhs) {",
    ]
    for enumCase in cases {
      // A `Never` value has no instance to compare (and a binding of one never runs).
      if kind == "Action", enumCase.actionType == "Never" {
        lines.append("    case (.\(enumCase.name), .\(enumCase.name)): true")
        continue
      }
      let count = kind == "State" ? (enumCase.plainValues?.count ?? 1) : 1
      let left = (0..<count).map { "left\($0)" }
      let right = (0..<count).map { "right\($0)" }
      let equal = zip(left, right).map { "\($0) == \($1)" }.joined(separator: " && ")
      let bindingsLeft = left.map { "let \($0)" }.joined(separator: ", ")
      let bindingsRight = right.map { "let \($0)" }.joined(separator: ", ")
      lines.append(
        "    case (.\(enumCase.name)(\(bindingsLeft)), .\(enumCase.name)(\(bindingsRight))): \(equal)"
      )
    }
    if cases.count > 1 { lines.append("    default: false") }
    lines += ["    }", "  }", "}"]
    return lines
  }

  /// What the generated `State` and `Action` conform to besides `CasePathable`, as TCA's enum
  /// reducers: `Equatable` and `Sendable` when every case's state (actions) is, as far as the
  /// sources say, unless the sources extend the type with it themselves. `Sendable` is written
  /// for a `public` or `package` enum only: the compiler infers it for any other.
  static func conformances(
    _ cases: [Case], of path: [String], access: String?, known: KnownConformances
  ) -> (state: [String], action: [String]) {
    func list(_ kind: String, types: (Case) -> [String]) -> [String] {
      Conformance.allCases.filter { conformance in
        if conformance == .sendable, access != "public", access != "package" { return false }
        return cases.allSatisfy { types($0).allSatisfy { known.says($0, conformsTo: conformance) } }
          && !known.extends(path + [kind], with: conformance)
      }.map(\.name)
    }
    let states = list("State") { $0.plainValues?.map(\.type) ?? [$0.stateType] }
    let actions = list("Action") { [$0.actionType] }
    return (states, actions)
  }

  /// The `State` and `Action` enums, a case each: `CasePathable` and the conformances
  /// ``conformances(_:of:access:known:)`` gives; none for a kind the enum declares itself.
  static func stateAndAction(
    _ cases: [Case], access: String, what: String, indent: String,
    conformances: (state: [String], action: [String]) = (
      ["Equatable", "Sendable"], ["Equatable", "Sendable"]
    ),
    omitting declared: Set<String> = []
  ) -> [String] {
    var lines: [String] = []
    for kind in ["State", "Action"] where !declared.contains(kind) {
      let inheritance =
        ["CasePathable"] + (kind == "State" ? conformances.state : conformances.action)
      if !lines.isEmpty { lines.append("") }
      lines += [
        "/// The \(kind == "State" ? "state" : "actions") of \(what).",
        "\(access)enum \(kind): \(inheritance.joined(separator: ", ")) {",
      ]
      for enumCase in cases {
        let payload = kind == "State" ? enumCase.statePayload : enumCase.actionType
        lines.append("  case \(enumCase.name)(\(payload))")
      }
      lines.append("}")
    }
    return lines.map { $0.isEmpty ? $0 : indent + $0 }
  }

  /// A `Scope` per case that has a reducer.
  static func scopes(_ cases: [Case], indent: String) -> [String] {
    cases.compactMap { enumCase in
      enumCase.reducer.map {
        indent + "Scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name)) { \($0)() }"
      }
    }
  }

  /// The `State` and `Action` enums as the case path generator sees them.
  static func enums(_ cases: [Case], path: [String], access: String?) -> [CasePathableScanner.Enum]
  {
    [("State", \Case.stateType), ("Action", \Case.actionType)].map { kind, type in
      CasePathableScanner.Enum(
        path: path + [kind], genericParameters: [], access: access,
        cases: cases.map { enumCase in
          var values = [
            CasePathableScanner.EnumCase.Value(label: nil, type: enumCase[keyPath: type])
          ]
          if kind == "State", let plain = enumCase.plainValues { values = plain }
          return CasePathableScanner.EnumCase(name: enumCase.name, values: values, line: 0)
        }, line: 0)
    }
  }

  /// The store of each case, for `switch store.case { case .detail(let store): … }`.
  static func caseScopeEnum(_ cases: [Case], access: String, indent: String) -> [String] {
    var lines = [
      "/// The store of each case, for `switch store.case { case .\(cases[0].name)(let store): … }`.",
      "@MainActor",
      "\(access)enum CaseScope {",
    ]
    for enumCase in cases {
      // A case of plain state gives its values, as TCA's `store.case` does.
      let payload =
        enumCase.plainValues == nil
        ? "Store<\(enumCase.stateType), \(enumCase.actionType)>" : enumCase.statePayload
      lines.append("  case \(enumCase.name)(\(payload))")
    }
    lines.append("}")
    return lines.map { indent + $0 }
  }

  /// `store.case`: the store of the case the state is in now (TCA's spelling).
  static func storeCase(_ cases: [Case], owner: String, access: String) -> [String] {
    var lines = [
      "extension Store where State == \(owner).State, Action == \(owner).Action {",
      "  /// The store of the case the state is in now.",
      "  \(access)var `case`: \(owner).CaseScope {",
      "    // Scoped to the case the state is in now, so the scope is never nil.",
      "    switch state {",
    ]
    for enumCase in cases {
      guard let values = enumCase.plainValues else {
        lines.append(
          "    case .\(enumCase.name): .\(enumCase.name)(scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name))!)"
        )
        continue
      }
      let bindings = values.indices.map { "let value\($0)" }.joined(separator: ", ")
      let arguments = values.indices.map { index in
        (values[index].label.map { "\($0): " } ?? "") + "value\(index)"
      }
      lines.append(
        "    case .\(enumCase.name)(\(bindings)): .\(enumCase.name)(\(arguments.joined(separator: ", ")))"
      )
    }
    lines += ["    }", "  }", "}"]
    return lines
  }
}
