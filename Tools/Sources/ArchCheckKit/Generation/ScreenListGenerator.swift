/// Writes what the App derives from its list of screens (an enum conforming to `ScreenList`,
/// `case items(ItemList)` per screen): the `Path` reducer beside the list, with its case
/// paths, each screen's title and appear action, the screen each route names, popTo's
/// matching, the navigation requests the router carries out, and each screen's view. Every
/// per-screen `switch` it writes is exhaustive, so a screen the list forgot, or a route that
/// names no screen, fails to build or is refused here.
enum ScreenListGenerator {
  /// A screen of the list: its case name and its reducer's type name.
  struct Entry: Equatable {
    let name: String
    let reducer: String
  }

  /// The generated code for one list, or a refusal naming the line.
  ///
  /// - Parameters:
  ///   - list: the `ScreenList` enum.
  ///   - root: the screen under the stack (`typealias RootScreen = Entry`), whose routes the
  ///     router also carries out.
  ///   - routes: the `Route` enums of reducers, by the reducer's type name.
  static func code(
    for list: CasePathableScanner.Enum, root: String?,
    routes: [String: CasePathableScanner.Enum]
  ) throws(CasePathableScanner.Failure) -> [String] {
    let screens = try entries(of: list)
    let owner = list.path.dropLast().joined(separator: ".")
    let path = owner.isEmpty ? "Path" : owner + ".Path"
    let access = list.access.map { $0 + " " } ?? ""
    var lines: [String] = []
    lines += pathReducer(screens, owner: owner, access: access)
    for enumeration in pathEnums(screens, path: path, access: list.access) {
      lines.append("")
      lines += CasePathGenerator.conformance(of: enumeration)
    }
    lines.append("")
    lines += screenFacts(screens, path: path, access: access)
    let routed = ([root].compactMap { $0 } + screens.map(\.reducer)).compactMap { reducer in
      routes[simpleName(reducer)].map { (reducer, $0) }
    }
    for (reducer, route) in routed {
      lines.append("")
      lines += try routeMapping(
        reducer: reducer, route: route, screens: screens, path: path, access: access)
    }
    lines.append("")
    lines += navigationRequests(
      screens.filter { routes[simpleName($0.reducer)] != nil }, all: screens, path: path,
      access: access)
    lines.append("")
    lines += views(screens, path: path, access: access)
    return lines
  }

  private static func entries(of list: CasePathableScanner.Enum) throws(CasePathableScanner.Failure)
    -> [Entry]
  {
    var screens: [Entry] = []
    for enumCase in list.cases {
      guard enumCase.values.count == 1, enumCase.values[0].label == nil else {
        throw CasePathableScanner.Failure(
          line: enumCase.line,
          message: "a screen list case names one reducer and nothing else: "
            + "case \(enumCase.name)(\(enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst()))"
        )
      }
      screens.append(Entry(name: enumCase.name, reducer: enumCase.values[0].type))
    }
    guard !screens.isEmpty else {
      throw CasePathableScanner.Failure(
        line: list.line,
        message:
          "the screen list \(list.path.joined(separator: ".")) has no screens; add case name(Reducer)"
      )
    }
    return screens
  }

  private static func simpleName(_ type: String) -> String {
    String(type.split(separator: ".").last ?? Substring(type))
  }

  private static func pathReducer(_ screens: [Entry], owner: String, access: String) -> [String] {
    var lines = owner.isEmpty ? [] : ["extension \(owner) {"]
    let indent = owner.isEmpty ? "" : "  "
    lines += [
      "/// The screens that can be pushed, one case per line of the screen list.",
      "\(access)struct Path: Reducer, Sendable {",
      "  /// A pushed screen's state.",
      "  \(access)enum State: CasePathable, Equatable, Sendable {",
    ].map { indent + $0 }
    for screen in screens {
      lines.append(indent + "    /// \(screen.reducer).")
      lines.append(indent + "    case \(screen.name)(\(screen.reducer).State)")
    }
    lines += [
      "  }", "", "  /// A pushed screen's actions.",
      "  \(access)enum Action: CasePathable, Equatable, Sendable {",
    ]
    .map { $0.isEmpty ? $0 : indent + $0 }
    for screen in screens {
      lines.append(indent + "    /// \(screen.reducer)'s actions.")
      lines.append(indent + "    case \(screen.name)(\(screen.reducer).Action)")
    }
    lines += [
      "  }", "", "  /// The screens.", "  \(access)init() {}", "",
      "  /// Each screen's reducer, on its case.", "  \(access)var body: some ReducerOf<Self> {",
    ].map { $0.isEmpty ? $0 : indent + $0 }
    for screen in screens {
      lines.append(
        indent
          + "    Scope(state: \\.\(screen.name), action: \\.\(screen.name)) { \(screen.reducer)() }"
      )
    }
    lines += ["  }", "}"].map { indent + $0 }
    if !owner.isEmpty { lines.append("}") }
    return lines
  }

  /// The `State` and `Action` enums as the case path generator sees them.
  private static func pathEnums(_ screens: [Entry], path: String, access: String?)
    -> [CasePathableScanner.Enum]
  {
    let components = path.split(separator: ".").map(String.init)
    return ["State", "Action"].map { kind in
      CasePathableScanner.Enum(
        path: components + [kind], genericParameters: [], access: access,
        cases: screens.map { screen in
          CasePathableScanner.EnumCase(
            name: screen.name, values: [.init(label: nil, type: "\(screen.reducer).\(kind)")],
            line: 0)
        }, line: 0)
    }
  }

  private static func screenFacts(_ screens: [Entry], path: String, access: String) -> [String] {
    var lines = [
      "extension \(path).State {",
      "  /// The screen's title, in the breadcrumb and the log.",
      "  \(access)var title: String {",
      "    switch self {",
    ]
    for screen in screens {
      lines.append("    case .\(screen.name): \(screen.reducer).title")
    }
    lines += [
      "    }", "  }", "",
      "  /// The action this screen is sent when it is pushed, if any.",
      "  \(access)var appearAction: \(path).Action? {",
      "    switch self {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name): \(screen.reducer).appearAction.map { .\(screen.name)($0) }")
    }
    lines += ["    }", "  }", "}"]
    return lines
  }

  /// `init(_ route:)` and `shows(_:)` for one reducer's routes.
  private static func routeMapping(
    reducer: String, route: CasePathableScanner.Enum, screens: [Entry], path: String,
    access: String
  ) throws(CasePathableScanner.Failure) -> [String] {
    let routeType = "\(reducer).Route"
    guard !route.cases.isEmpty else {
      // A route with no cases yet: only the commands without a route can arrive.
      return [
        "extension \(path) {",
        "  /// Carries out one of \(simpleName(reducer))'s navigation commands on the stack (its",
        "  /// Route has no case yet, so only pops can arrive).",
        "  \(access)static func apply(",
        "    _ command: NavigationCommand<\(routeType)>, to stack: inout StackState<State>",
        "  ) -> NavigationOutcome {",
        "    switch command {",
        "    case .pop: stack.apply(NavigationCommand<State>.pop, element: { $0 }, matches: { _, _ in false })",
        "    case .popToRoot: stack.apply(NavigationCommand<State>.popToRoot, element: { $0 }, matches: { _, _ in false })",
        "    }",
        "  }",
        "}",
      ]
    }
    var inits: [String] = []
    var shows: [String] = []
    for routeCase in route.cases {
      guard let screen = screens.first(where: { $0.name == routeCase.name }) else {
        let names = screens.map(\.name).joined(separator: ", ")
        throw CasePathableScanner.Failure(
          line: routeCase.line,
          message: "\(routeType).\(routeCase.name) names no screen of the App's screen list "
            + "(\(names)); add the screen to the list, or rename the route case after one",
          enumPath: route.path)
      }
      let bindings = routeCase.values.indices.map { "let value\($0)" }
      let arguments = routeCase.values.indices.map { index in
        (routeCase.values[index].label.map { "\($0): " } ?? "") + "value\(index)"
      }
      let pattern =
        routeCase.values.isEmpty
        ? ".\(routeCase.name)" : ".\(routeCase.name)(\(bindings.joined(separator: ", ")))"
      inits.append(
        "    case \(pattern): self = .\(screen.name)(\(screen.reducer).State(\(arguments.joined(separator: ", "))))"
      )
      shows.append(
        "    case .\(routeCase.name): if case .\(screen.name) = self { true } else { false }")
    }
    return [
      "extension \(path).State {",
      "  /// The screen a route of \(simpleName(reducer)) asks for.",
      "  \(access)init(_ route: \(routeType)) {",
      "    switch route {",
    ] + inits + [
      "    }", "  }", "",
      "  /// Whether this is the kind of screen a route of \(simpleName(reducer)) names (popTo).",
      "  \(access)func shows(_ route: \(routeType)) -> Bool {",
      "    switch route {",
    ] + shows + [
      "    }", "  }", "}", "",
      "extension \(path) {",
      "  /// Carries out one of \(simpleName(reducer))'s navigation commands on the stack.",
      "  \(access)static func apply(",
      "    _ command: NavigationCommand<\(routeType)>, to stack: inout StackState<State>",
      "  ) -> NavigationOutcome {",
      "    stack.apply(command, element: State.init, matches: { $0.shows($1) })",
      "  }",
      "}",
    ]
  }

  /// The navigation request in a pushed screen's action, as a change to the stack.
  private static func navigationRequests(
    _ routed: [Entry], all screens: [Entry], path: String, access: String
  ) -> [String] {
    var lines = [
      "extension \(path).Action {",
      "  /// The screen's request to navigate (its `.delegate(.navigate(_))`), as a change to",
      "  /// the stack; nil when this action is not one.",
      "  \(access)var navigation: ((inout StackState<\(path).State>) -> NavigationOutcome)? {",
      "    switch self {",
    ]
    for screen in routed {
      lines.append("    case .\(screen.name)(.delegate(.navigate(let command))):")
      lines.append("      { \(path).apply(command, to: &$0) }")
    }
    let others = screens.map { ".\($0.name)" }.joined(separator: ", ")
    lines += ["    case \(others):", "      nil", "    }", "  }", "}"]
    return lines
  }

  /// `store.case`, the store of the screen the state is now (TCA's spelling), and each
  /// screen's view: the `<Reducer>View` of that store.
  private static func views(_ screens: [Entry], path: String, access: String) -> [String] {
    var lines = [
      "extension \(path) {",
      "  /// The store of each kind of screen, for `switch store.case { case .hoge(let store): … }`.",
      "  @MainActor",
      "  \(access)enum CaseScope {",
    ]
    for screen in screens {
      lines.append("    /// \(screen.reducer)'s store.")
      lines.append(
        "    case \(screen.name)(Store<\(screen.reducer).State, \(screen.reducer).Action>)")
    }
    lines += [
      "  }", "",
      "  /// The text view of a pushed screen: each screen's `<Name>View`.",
      "  @MainActor",
      "  \(access)static func view(of store: Store<State, Action>) -> any TextView {",
      "    switch store.case {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name)(let store): \(simpleName(screen.reducer))View(store: store)")
    }
    lines += [
      "    }", "  }", "}", "",
      "extension Store where State == \(path).State, Action == \(path).Action {",
      "  /// The store of the screen the state is now.",
      "  \(access)var `case`: \(path).CaseScope {",
      "    // Scoped to the case the state is in now, so the scope is never nil.",
      "    switch state {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name): .\(screen.name)(scope(state: \\.\(screen.name), action: \\.\(screen.name))!)"
      )
    }
    lines += ["    }", "  }", "}"]
    return lines
  }
}
