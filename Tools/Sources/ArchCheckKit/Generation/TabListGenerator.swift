/// Writes what the App derives from its list of tabs (an enum conforming to `TabList`, one
/// case per tab named after the screen at the bottom of its stack): each tab's root screen and
/// the tab a root screen belongs to, with exhaustive switches, so adding a tab is one line.
enum TabListGenerator {
  /// The generated extension of the tab list, or a refusal naming the line.
  ///
  /// - Parameters:
  ///   - tabs: the `TabList` enum.
  ///   - screens: the screen list's entries; the first is the gate, never a tab.
  ///   - path: the screen list's name (`AppRouter.Path`).
  static func code(
    for tabs: CasePathableScanner.Enum, screens: [ScreenListGenerator.Entry], path: String,
    access: String
  ) throws(CasePathableScanner.Failure) -> [String] {
    let name = tabs.path.joined(separator: ".")
    guard !tabs.cases.isEmpty else {
      throw CasePathableScanner.Failure(
        line: tabs.line, message: "the tab list \(name) has no tabs; add case name per tab")
    }
    var roots: [ScreenListGenerator.Entry] = []
    for tab in tabs.cases {
      guard tab.values.isEmpty else {
        throw CasePathableScanner.Failure(
          line: tab.line,
          message: "a tab list case names a screen of the list and holds nothing: case \(tab.name)")
      }
      guard let screen = screens.first(where: { $0.name == tab.name }) else {
        let names = screens.map(\.name).joined(separator: ", ")
        throw CasePathableScanner.Failure(
          line: tab.line,
          message: "the tab \(tab.name) names no screen of the App's screen list (\(names)); "
            + "name a tab after the screen at the bottom of its stack")
      }
      guard screen != screens[0] else {
        throw CasePathableScanner.Failure(
          line: tab.line,
          message: "the tab \(tab.name) names the first screen of the list, which is the app's "
            + "gate, under no tab; name a tab after another screen")
      }
      roots.append(screen)
    }
    let others = screens.filter { !roots.contains($0) }.map { ".\($0.name)" }
    var lines = [
      "extension \(name) {",
      "  /// The screen at the bottom of this tab's stack, as the tab opens.",
      "  \(access)var root: \(path).State {",
      "    switch self {",
    ]
    for root in roots {
      lines.append("    case .\(root.name): .\(root.name)(\(root.reducer).State())")
    }
    lines += [
      "    }",
      "  }",
      "",
      "  /// The tab whose root `screen` is (of its kind), or nil for a screen no tab starts from.",
      "  \(access)init?(root screen: \(path).State) {",
      "    switch screen {",
    ]
    for root in roots {
      lines.append("    case .\(root.name): self = .\(root.name)")
    }
    lines += [
      "    case \(others.joined(separator: ", ")): return nil",
      "    }",
      "  }",
      "}",
    ]
    return lines
  }
}
