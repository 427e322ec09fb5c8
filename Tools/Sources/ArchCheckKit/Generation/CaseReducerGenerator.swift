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

    /// A case run by `reducer`.
    init(name: String, reducer: String) {
      self.init(
        name: name, reducer: reducer, stateType: "\(reducer).State",
        actionType: "\(reducer).Action")
    }

    private init(name: String, reducer: String?, stateType: String, actionType: String) {
      self.name = name
      self.reducer = reducer
      self.stateType = stateType
      self.actionType = actionType
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

  /// The generated code for a reducer enum, or a refusal naming the line.
  static func code(for enumeration: CasePathableScanner.Enum) throws(CasePathableScanner.Failure)
    -> [String]
  {
    let cases = try self.cases(of: enumeration)
    let owner = enumeration.path.joined(separator: ".")
    let access = enumeration.access.map { $0 + " " } ?? ""
    var lines = ["extension \(owner) {"]
    lines += stateAndAction(
      cases, access: access, what: "the active case", indent: "  ")
    lines += [
      "", "  /// Each case's reducer, on its case.",
      "  @ReducerBuilder<State, Action>",
      "  \(access)static var body: some Reducer<State, Action> {",
    ]
    let scopes = self.scopes(cases, indent: "    ")
    lines += scopes.isEmpty ? ["    EmptyReducer()"] : scopes
    lines += ["  }", ""]
    lines += caseScopeEnum(cases, access: access, indent: "  ")
    lines += ["}", ""]
    lines += [
      "extension \(owner).State: CaseReducerState {",
      "  /// The enum of reducers this is the state of.",
      "  \(access)typealias StateReducer = \(owner)",
      "}",
    ]
    for enumeration in enums(cases, path: enumeration.path, access: enumeration.access) {
      lines.append("")
      lines += CasePathGenerator.conformance(of: enumeration)
    }
    lines.append("")
    lines += storeCase(cases, owner: owner, access: access)
    return lines
  }

  /// The cases of an enum of reducers: one unlabeled value each.
  static func cases(of enumeration: CasePathableScanner.Enum) throws(CasePathableScanner.Failure)
    -> [Case]
  {
    var cases: [Case] = []
    for enumCase in enumeration.cases {
      guard enumCase.values.count == 1, enumCase.values[0].label == nil else {
        let type = enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst()
        throw CasePathableScanner.Failure(
          line: enumCase.line,
          message: "a case of \(enumeration.path.joined(separator: ".")) names one reducer and "
            + "nothing else: case \(enumCase.name)(\(type)), or state with no reducer: case "
            + "\(enumCase.name)(AlertState<Action>)")
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

  /// The `State` and `Action` enums, a case each.
  static func stateAndAction(_ cases: [Case], access: String, what: String, indent: String)
    -> [String]
  {
    var lines = [
      "/// The state of \(what).",
      "\(access)enum State: CasePathable, Equatable, Sendable {",
    ]
    for enumCase in cases {
      lines.append("  case \(enumCase.name)(\(enumCase.stateType))")
    }
    lines += [
      "}", "", "/// The actions of \(what).",
      "\(access)enum Action: CasePathable, Equatable, Sendable {",
    ]
    for enumCase in cases {
      lines.append("  case \(enumCase.name)(\(enumCase.actionType))")
    }
    lines.append("}")
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
          CasePathableScanner.EnumCase(
            name: enumCase.name, values: [.init(label: nil, type: enumCase[keyPath: type])],
            line: 0)
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
      lines.append("  case \(enumCase.name)(Store<\(enumCase.stateType), \(enumCase.actionType)>)")
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
      lines.append(
        "    case .\(enumCase.name): .\(enumCase.name)(scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name))!)"
      )
    }
    lines += ["    }", "  }", "}"]
    return lines
  }
}
