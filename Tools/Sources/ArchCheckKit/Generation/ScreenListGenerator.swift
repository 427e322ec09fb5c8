/// Writes what the App derives from its list of screens (an enum conforming to `ScreenList`,
/// `case items(ItemList)` per screen, the first case the gate's screen): the list's own
/// `State`, `Action` and `body` as a reducer enum's, with its case paths, each screen's title, name, appear and close actions,
/// the gate's screen, the tables that turn a navigation request into screens (route → screen),
/// and each screen's view. It writes tables and exhaustive switches only; what a request does
/// to a stack is decided by hand, in the App. A screen the list forgot, or a route that names
/// no screen, fails to build or is refused here.
enum ScreenListGenerator {
  /// A screen of the list: its case name and its reducer's type name.
  struct Entry: Equatable {
    let name: String
    let reducer: String
  }

  /// The generated code for one list, or a refusal naming the line.
  ///
  /// - Parameters:
  ///   - list: the `ScreenList` enum; its first case is the gate's screen.
  ///   - routes: the `Route` enums of reducers, by the reducer's type name.
  ///   - withoutDelegate: the reducers whose `Action` is known to have no `delegate` case.
  ///   - tabs: the `TabList` enum beside the list, if the App has tabs.
  static func code(
    for list: CasePathableScanner.Enum, routes: [String: CasePathableScanner.Enum],
    withoutDelegate: Set<String> = [], tabs: CasePathableScanner.Enum? = nil
  ) throws(CasePathableScanner.Failure) -> [String] {
    let screens = try entries(of: list)
    // The list is the stacks' enum of reducers, as TCA's `@Reducer enum Path`: its State,
    // Action, body and case paths are a reducer enum's. Its one view switch (`view(of:)`)
    // reads the state, so it needs no `store.case`.
    let path = list.path.joined(separator: ".")
    let access = list.access.map { $0 + " " } ?? ""
    var lines = try CaseReducerGenerator.code(for: list, storeCase: false)
    lines.append("")
    lines += screenFacts(screens, path: path, access: access)
    lines.append("")
    lines += try navigate(
      screens, routes: routes, withoutDelegate: withoutDelegate, path: path, access: access)
    lines.append("")
    lines += views(screens, path: path, access: access)
    lines.append("")
    lines += LinkGenerator.code(
      screens.map { ($0, routes[simpleName($0.reducer)]) }, path: path, access: access)
    if let tabs {
      lines.append("")
      lines += try TabListGenerator.code(for: tabs, screens: screens, path: path, access: access)
    }
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
      "  /// The screen's case in the list, the name a feature's route gives it (`popto hoge`).",
      "  \(access)var screenName: String {",
      "    switch self {",
    ]
    for screen in screens {
      lines.append("    case .\(screen.name): \"\(screen.name)\"")
    }
    lines += [
      "    }", "  }", "",
      "  /// The action this screen is sent as it starts showing, if any.",
      "  \(access)var appearAction: \(path).Action? {",
      "    switch self {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name): \(screen.reducer).appearAction.map { .\(screen.name)($0) }")
    }
    lines += [
      "    }", "  }", "",
      "  /// The action this screen is sent when the App closes it without its asking, if any.",
      "  \(access)var closeAction: \(path).Action? {",
      "    switch self {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name): \(screen.reducer).closeAction.map { .\(screen.name)($0) }")
    }
    lines += [
      "    }", "  }", "",
      "  /// The gate's screen (the list's first), as the app starts: the root of the gate's stack.",
      "  \(access)static var gateScreen: Self { .\(screens[0].name)(\(screens[0].reducer).State()) }",
      "}",
    ]
    return lines
  }

  /// The tables that turn a navigation request into screens, for the router to decide on:
  /// `requestedNavigation`, the request in a screen's action (its `.delegate(.navigate(_))`);
  /// `routes`, each screen `Route` for a request made from any depth with
  /// `@Dependency(\.navigate)`; and `init(_:)` per `Route`, the screen each case names. Both
  /// kinds of request come out as one `NavigationCommand` of screens.
  ///
  /// A screen whose `Action` is a `CasePathable` enum without a `delegate` case asks only
  /// through the dependency, so its action gets no case; any other screen with a `Route` is
  /// read for `.delegate(.navigate(_))`.
  private static func navigate(
    _ screens: [Entry], routes: [String: CasePathableScanner.Enum],
    withoutDelegate: Set<String>, path: String, access: String
  ) throws(CasePathableScanner.Failure) -> [String] {
    var routed: [(screen: Entry, route: CasePathableScanner.Enum)] = []
    for screen in screens where !routed.contains(where: { $0.screen.reducer == screen.reducer }) {
      guard let route = routes[simpleName(screen.reducer)] else { continue }
      routed.append((screen, route))
    }
    var lines = [
      "extension \(path).Action {",
      "  /// The navigation request in a screen's action (its `.delegate(.navigate(_))`), in terms",
      "  /// of the screens its routes name; nil for every other action.",
      "  \(access)var requestedNavigation: NavigationCommand<\(path).State>? {",
      "    switch self {",
    ]
    for screen in screens
    where routed.contains(where: { $0.screen.reducer == screen.reducer })
      && !withoutDelegate.contains(simpleName(screen.reducer))
    {
      lines.append(
        "    case .\(screen.name)(.delegate(.navigate(let command))): command.map(\(path).State.init)"
      )
    }
    // Every other action of every screen (a screen's other actions are never exhausted above).
    let rest = screens.map { ".\($0.name)" }.joined(separator: ", ")
    lines += ["    case \(rest): nil", "    }", "  }", "}", ""]
    lines += [
      "extension \(path).State {",
      "  /// Each screen's `Route`, its cases mapped to the screens they name: how a request made",
      "  /// from any depth with `@Dependency(\\.navigate)` finds its screens. Below, the screen",
      "  /// each case of each `Route` names, an `init` per `Route`.",
      "  \(access)static var routes: RouteTable<Self> {",
      "    RouteTable()",
    ]
    for (screen, _) in routed {
      lines.append("      .adding(\(screen.reducer).Route.self, Self.init)")
    }
    lines.append("  }")
    for (screen, route) in routed {
      // A `Route` with no cases yet (a new screen) takes one line: it names no screen.
      guard !route.cases.isEmpty else {
        lines.append("  \(access)init(_ route: \(screen.reducer).Route) { switch route {} }")
        continue
      }
      lines.append("")
      lines += try screenInit(screen: screen, route: route, screens: screens, access: access)
    }
    lines.append("}")
    return lines
  }

  /// `init(_:)` for one screen's `Route`: each route case, the screen it names.
  private static func screenInit(
    screen: Entry, route: CasePathableScanner.Enum, screens: [Entry], access: String
  ) throws(CasePathableScanner.Failure) -> [String] {
    let routeType = "\(screen.reducer).Route"
    var builds: [String] = []
    for routeCase in route.cases {
      guard let target = screens.first(where: { $0.name == routeCase.name }) else {
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
      builds.append(
        "    case \(pattern): self = .\(target.name)(\(target.reducer).State(\(arguments.joined(separator: ", "))))"
      )
    }
    return [
      "  \(access)init(_ route: \(routeType)) {",
      "    // An error here: \(routeType) changed since make generate; run make generate.",
      "    switch route {",
    ] + builds + ["    }", "  }"]
  }

  /// Each screen's view: the `<Reducer>View` of the screen's store, scoped to its case.
  private static func views(_ screens: [Entry], path: String, access: String) -> [String] {
    var lines = ["extension \(path) {"]
    lines += [
      "  /// The text view of a screen: each screen's `<Name>View`.",
      "  @MainActor",
      "  \(access)static func view(of store: Store<State, Action>) -> any TextView {",
      "    // Scoped to the case the state is in now, so the scope is never nil.",
      "    switch store.state {",
    ]
    for screen in screens {
      lines.append(
        "    case .\(screen.name): \(simpleName(screen.reducer))View(store: store.scope(state: \\.\(screen.name), action: \\.\(screen.name))!)"
      )
    }
    lines += ["    }", "  }", "}"]
    return lines
  }
}
