/// Writes the App's deep-link mapping from the same screen list and routes the navigation
/// tables come from (a link segment ↔ a route, both ways): a link segment read as a route of
/// the screen on top and built into the screen it names, each pushed screen printed back as the
/// segment of the route that opened it (its values read from the screen's state, which has a
/// property of each route value's label), and each screen's own destinations (`Screen.open`,
/// `Screen.linkSegments`) reached by one switch. Every switch is exhaustive over the list.
enum LinkGenerator {
  /// A screen of the list and, when it has one, its reducer's `Route`.
  typealias Routed = (screen: ScreenListGenerator.Entry, route: CasePathableScanner.Enum?)

  /// The generated extension of `Path.State`.
  static func code(_ screens: [Routed], path: String, access: String) -> [String] {
    var lines = [
      "extension \(path).State {",
      "  /// The screen a link segment names after this one: the route of that name of this",
      "  /// screen, its values read from the segment by label, built as a request for it would",
      "  /// be; nil when this screen has no such route.",
      "  \(access)func screen(after segment: LinkSegment) throws(NavigationLinkError) -> Self? {",
      "    switch (self, segment.name) {",
    ]
    for (screen, route) in screens {
      for routeCase in route?.cases ?? [] {
        lines.append(
          "    case (.\(screen.name), \"\(routeCase.name)\"): Self(\(routeValue(routeCase, of: screen)))"
        )
      }
    }
    lines += ["    default: nil", "    }", "  }", ""]
    lines += stateCode(screens, path: path, access: access)
    return lines
  }

  /// A route case built from a link segment: `Hoge.Route.fuga(name: try segment.value(…))`.
  private static func routeValue(
    _ routeCase: CasePathableScanner.EnumCase, of screen: ScreenListGenerator.Entry
  ) -> String {
    let arguments = routeCase.values.enumerated().map { index, value in
      (value.label.map { "\($0): " } ?? "")
        + "try segment.value(\"\(label(value, at: index))\", as: \(value.type).self)"
    }
    let routeType = "\(screen.reducer).Route"
    return arguments.isEmpty
      ? "\(routeType).\(routeCase.name)"
      : "\(routeType).\(routeCase.name)(\(arguments.joined(separator: ", ")))"
  }

  /// A route value's label in a link: its own, or `value0` for an unlabeled one.
  private static func label(_ value: CasePathableScanner.EnumCase.Value, at index: Int) -> String {
    value.label ?? "value\(index)"
  }

  /// What a screen's state says about links: the segment it was pushed by, its own
  /// destinations as segments, opening one, and the names a screen opens (for messages).
  private static func stateCode(_ screens: [Routed], path: String, access: String) -> [String] {
    var lines = [
      "  /// This screen as a link segment when it is pushed over `below`: the route of `below`",
      "  /// that names it, with the values that route carries read from this screen's state.",
      "  \(access)func linkSegment(below: Self) -> LinkSegment {",
      "    switch (below, self) {",
    ]
    for (below, route) in screens {
      guard let route else { continue }
      for routeCase in route.cases {
        guard let target = screens.first(where: { $0.screen.name == routeCase.name }).map(\.screen)
        else { continue }
        let values = routeCase.values.enumerated().map { index, value in
          let name = label(value, at: index)
          return ".init(\"\(name)\", \"\\(state.\(value.label ?? "self"))\")"
        }
        let binding = values.isEmpty ? "" : "(let state)"
        let list = values.isEmpty ? "" : ", [\(values.joined(separator: ", "))]"
        lines.append(
          "    case (.\(below.name), .\(target.name)\(binding)): "
            + "LinkSegment(\"\(routeCase.name)\"\(list))")
      }
    }
    lines += [
      "    default: LinkSegment(screenName)",
      "    }",
      "  }",
      "",
      "  /// What the screen shows inside itself (its own destinations), as link segments.",
      "  \(access)var innerLinkSegments: [LinkSegment] {",
      "    switch self {",
    ]
    for (screen, _) in screens {
      lines.append(
        "    case .\(screen.name)(let state): \(screen.reducer).linkSegments(of: state)")
    }
    lines += [
      "    }",
      "  }",
      "",
      "  /// Opens what `segment` names inside this screen, or throws why it cannot.",
      "  \(access)mutating func openInside(_ segment: LinkSegment) throws(NavigationLinkError) {",
      "    switch self {",
    ]
    for (screen, _) in screens {
      lines.append(
        "    case .\(screen.name)(var state): try \(screen.reducer).open(segment, in: &state); self = .\(screen.name)(state)"
      )
    }
    lines += [
      "    }",
      "  }",
      "",
      "  /// The segments a link may name after this screen: its routes, then its own",
      "  /// destinations.",
      "  \(access)var linkChoices: [String] {",
      "    switch self {",
    ]
    for (screen, route) in screens {
      let names = (route?.cases ?? []).map { "\"\($0.name)\"" }
      lines.append(
        "    case .\(screen.name): [\(names.joined(separator: ", "))] + \(screen.reducer).linkChoices"
      )
    }
    lines += ["    }", "  }", "}"]
    return lines
  }
}
