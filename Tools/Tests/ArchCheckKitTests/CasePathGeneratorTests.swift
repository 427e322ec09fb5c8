import Foundation
import Testing

@testable import ArchCheckKit

@Suite("Case path generator: scanning enums")
struct CasePathableScannerTests {
  @Test("nested, generic and multi-value enums are read with their cases, labels and types")
  func readsEnums() throws {
    let source = """
      import CoreStore

      extension Outer {
        public struct Feature {
          public enum Action: Equatable, CasePathable, Sendable {
            case child(Child.Action)
            /// A comment that says enum Fake: CasePathable { case no }
            case element(id: Int, action: [String: Int]), plain
            indirect case run((Int) -> Void, String)
            case `default`

            func check(_ other: Self) -> Bool {
              switch other {
              case .plain: true
              default: false
              }
            }
          }
        }
      }

      enum Box<Element: Sendable, Other>: CasePathable where Other: Hashable {
        case value(Element)
        case pair(_ first: Element, second: Other)
      }

      enum NotOptedIn: Equatable { case a(Int) }
      let text = "enum InString: CasePathable { case x }"
      """
    let enums = try CasePathableScanner.enums(in: source)
    #expect(enums.count == 2)
    let action = try #require(enums.first)
    #expect(action.path == ["Outer", "Feature", "Action"])
    #expect(action.access == "public")
    #expect(action.line == 5)
    #expect(action.cases.map(\.name) == ["child", "element", "plain", "run", "default"])
    #expect(action.cases[0].values == [.init(label: nil, type: "Child.Action")])
    #expect(
      action.cases[1].values == [
        .init(label: "id", type: "Int"), .init(label: "action", type: "[String: Int]"),
      ])
    #expect(action.cases[2].values.isEmpty)
    #expect(
      action.cases[3].values == [
        .init(label: nil, type: "(Int) -> Void"), .init(label: nil, type: "String"),
      ])
    let box = try #require(enums.last)
    #expect(box.path == ["Box"])
    #expect(box.genericParameters == ["Element", "Other"])
    #expect(box.access == nil)
    #expect(
      box.cases[1].values == [
        .init(label: nil, type: "Element"), .init(label: "second", type: "Other"),
      ])
  }

  @Test(
    "what the generator cannot handle is refused with its line and what to do",
    arguments: [
      (
        "struct S {\n  func f() {\n    enum Local: CasePathable { case a }\n  }\n}\n", 3,
        "declared inside a function"
      ),
      ("private enum Hidden: CasePathable {\n  case a(Int)\n}\n", 1, "is private"),
      ("fileprivate enum Hidden: CaseReducer {\n  case a(A)\n}\n", 1, "drop `fileprivate`"),
      // TCA's Onboarding case study: `@Reducer private struct SignUpFeature`, macros expanded.
      (
        "@MainActor private struct SignUpFeature: Reducer {\n  struct State {}\n"
          + "  enum Action: CasePathable {\n    case next\n  }\n}\n", 3,
        "inside private SignUpFeature"
      ),
      (
        "fileprivate extension Outer {\n  struct Inner {\n    enum Action: CasePathable {\n"
          + "      case a\n    }\n  }\n}\n", 3, "make Outer internal (drop `fileprivate`)"
      ),
      ("enum E: CasePathable {\n  case a\n  #if DEBUG\n  case b\n  #endif\n}\n", 3, "#if"),
      ("enum E: CasePathable {\n  case a(Int = 1)\n}\n", 2, "default"),
    ])
  func refusals(source: String, line: Int, phrase: String) {
    #expect {
      _ = try CasePathableScanner.enums(in: source)
    } throws: { error in
      guard let failure = error as? CasePathableScanner.Failure else { return false }
      return failure.line == line && failure.message.contains(phrase)
        && !failure.message.contains("\n")
    }
  }

  @Test("a private type that needs no generated code, and private members, are accepted")
  func privateWithoutGeneratedCode() throws {
    let source = """
      private struct Helper { enum Mode { case a } }
      struct Feature {
        private var count = 0
        private(set) var name = ""
        enum Action: CasePathable { case tap }
        private enum CancelID { case timer }
      }
      """
    let enums = try CasePathableScanner.enums(in: source)
    #expect(enums.map(\.path) == [["Feature", "Action"]])
  }

  @Test("attributes, indirect, where clauses, comments and one enum inside another are read")
  func declarationForms() throws {
    let source = """
      @frozen public indirect enum Tree<Leaf>: Sendable,
        CasePathable where Leaf: Equatable
      {
        // case commented(Int)
        case leaf(Leaf)
        case node(
          left: Tree<Leaf>,  // a comment inside
          right: Tree<Leaf>
        )
        case callback((Int) -> [String: Int])

        package enum Inner: CasePathable { case `default`, other(Int) }
      }
      """
    let enums = try CasePathableScanner.enums(in: source)
    #expect(enums.map(\.path) == [["Tree"], ["Tree", "Inner"]])
    let tree = try #require(enums.first)
    #expect(tree.access == "public")
    #expect(tree.genericParameters == ["Leaf"])
    #expect(tree.cases.map(\.name) == ["leaf", "node", "callback"])
    #expect(
      tree.cases[1].values == [
        .init(label: "left", type: "Tree<Leaf>"), .init(label: "right", type: "Tree<Leaf>"),
      ])
    #expect(tree.cases[2].values == [.init(label: nil, type: "(Int) -> [String: Int]")])
    #expect(enums.last?.access == "package")
    #expect(enums.last?.cases.map(\.name) == ["default", "other"])
    let generated = CasePathGenerator.conformance(of: try #require(enums.last))
      .joined(separator: "\n")
    #expect(generated.contains("package var `default`: CasePath<Tree.Inner, Void>"))
  }

  @Test("every type declared at type level is known by its nested name, extensions included")
  func declaredTypes() throws {
    let source = """
      extension ItemList.Destination {
        public enum Alert { case yes }
        typealias Row = Int
      }
      struct Top { func f() { struct Local {} } }
      """
    let types = try CasePathableScanner.scan(source).types
    #expect(types.contains(["ItemList", "Destination", "Alert"]))
    #expect(types.contains(["ItemList", "Destination", "Row"]))
    #expect(types.contains(["Top"]))
    #expect(!types.contains(["Local"]) && !types.contains(["Top", "Local"]))
  }

  @Test("a type written inside an enum is qualified by the innermost enclosing type declaring it")
  func qualifies() {
    let qualifier = TypeQualifier(declared: [
      ["Feature", "Alert"], ["Feature", "Destination", "Alert"], ["Item"], ["Feature", "Row"],
    ])
    let scope = ["Feature", "Destination", "State"]
    #expect(
      qualifier.qualify("AlertState<Alert>", in: scope)
        == "AlertState<Feature.Destination.Alert>")
    #expect(qualifier.qualify("[Row.ID: Item]", in: scope) == "[Feature.Row.ID: Item]")
    #expect(qualifier.qualify("(_ row: Row) -> Void", in: scope) == "(_ row: Feature.Row) -> Void")
    #expect(qualifier.qualify("Element", in: scope) == "Element")
  }
}

@Suite("Case path generator: generated code and make check")
struct GeneratedSourcesTests {
  /// The generated conformance of every kind of case, compiled with a stand-in for Core's
  /// `CasePath` and run: each case path embeds and extracts its case and no other.
  @Test("the generated code compiles, and each case path round-trips its own case only")
  func generatedCodeWorks() throws {
    let enums = """
      struct Outer<T: Equatable> {
        enum Inner: CasePathable, Equatable {
          case value(T)
          case pair(id: Int, name: String)
          case alert(Alert)
          case none
        }
        enum Alert: Equatable { case yes }
      }
      """
    let scanned = try CasePathableScanner.scan(enums)
    let generated = try #require(
      CasePathGenerator.file(
        for: scanned.enums, sourceName: "Enums.swift", imports: [], importsCoreStore: false,
        qualifier: TypeQualifier(declared: scanned.types)))
    let main = """
      protocol CasePathable { associatedtype AllCasePaths; static var allCasePaths: AllCasePaths { get } }
      struct CasePath<Root, Value> {
        let embed: (Value) -> Root
        let extract: (Root) -> Value?
        init(_ embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
          self.embed = embed
          self.extract = extract
        }
      }
      typealias Inner = Outer<Int>.Inner
      let paths = Inner.allCasePaths
      precondition(paths.value.embed(3) == .value(3))
      precondition(paths.value.extract(.value(3)) == 3)
      precondition(paths.value.extract(.none) == nil)
      let pair = paths.pair.embed((id: 1, name: "a"))
      precondition(pair == .pair(id: 1, name: "a"))
      precondition(paths.pair.extract(pair)?.name == "a")
      precondition(paths.alert.extract(.alert(.yes)) == .yes)
      precondition(paths.none.extract(.none) != nil && paths.none.extract(.value(1)) == nil)
      precondition(Inner.pair(id: 2, name: "b").pair?.id == 2 && Inner.none.value == nil)
      print("ok")
      """
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("casepaths-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in [
      ("Enums.swift", enums), ("Enums.generated.swift", generated), ("main.swift", main),
    ] {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    let compile = try Shell.run(
      [
        "swiftc", "-swift-version", "6", "-o", "program", "main.swift", "Enums.swift",
        "Enums.generated.swift",
      ], in: folder)
    #expect(compile.status == 0, "\(compile.stderr)")
    let run = try Shell.run([folder.appendingPathComponent("program").path], in: folder)
    #expect(run.status == 0 && run.stdout.contains("ok"), "\(run.stderr)")
  }

  @Test("make generate writes the file, make check then passes, and reports it when stale")
  func writeAndCheck() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let source = "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"
    let generated = "Packages/HogeFeature/Sources/HogeFeature/Hoge.generated.swift"
    try repo.write(
      source,
      "import CoreStore\npublic enum HogeAction: CasePathable, Sendable {\n  case tapped\n}\n")
    #expect(
      try repo.verify().map(\.description) == [
        "\(generated):1: the generated code is missing or not current; run make generate and commit the result"
      ])
    #expect(try GeneratedSources.write(root: repo.root) == [generated])
    #expect(try repo.read(generated).contains("public var tapped: CasePath<HogeAction, Void>"))
    #expect(try repo.verify() == [])
    #expect(try GeneratedSources.write(root: repo.root) == [])

    try repo.edit(source, replacing: "case tapped", with: "case tapped\n  case loaded(Int)")
    #expect(try repo.verify().map(\.path) == [generated])

    try repo.edit(source, replacing: "CasePathable, ", with: "")
    #expect(
      try repo.verify().map(\.description) == [
        "\(generated):1: generated file whose source has no CasePathable or ScreenList enum; run make generate (it removes it)"
      ])
    #expect(try GeneratedSources.write(root: repo.root) == [generated])
    #expect(
      !FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(generated).path))
  }

  @Test("a refusal stops make generate before it writes anything, naming path and line")
  func refusalWritesNothing() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Good.swift",
      "import CoreStore\nenum Good: CasePathable { case a }\n")
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Bad.swift",
      "import CoreStore\n\nfileprivate enum Bad: CasePathable { case a }\n")
    #expect {
      _ = try GeneratedSources.write(root: repo.root)
    } throws: { error in
      "\(error)".contains(
        "Packages/FugaFeature/Sources/FugaFeature/Bad.swift:3: the CasePathable enum Bad is fileprivate"
      )
    }
    let good = repo.root.appendingPathComponent(
      "Packages/HogeFeature/Sources/HogeFeature/Good.generated.swift")
    #expect(!FileManager.default.fileExists(atPath: good.path))
    #expect(try repo.verify().contains { $0.path.hasSuffix("Bad.swift") && $0.line == 3 })
  }

  @Test("a route case that names no screen of the list is refused at the route's own line")
  func routeNamingNoScreen() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\nenum Screens: ScreenList {\n  case hoge(Hoge)\n}\n"
    )
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
      "import CoreRouting\npublic struct Hoge {\n  public enum Route: NavigationRoute {\n    case hoge\n    case piyo(name: String)\n  }\n}\n"
    )
    let violations = try repo.verify().filter { $0.message.contains("screen list") }
    #expect(
      violations.map(\.description) == [
        "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift:5: Hoge.Route.piyo names no screen of the App's screen list (hoge); add the screen to the list, or rename the route case after one"
      ])
  }

  /// The code of a list of Hoge and Fuga, where Hoge routes to Fuga with two values.
  private func hogeAndFugaCode() throws -> String {
    let list = try #require(
      CasePathableScanner.enums(
        in: "enum Screens: ScreenList {\n  case hoge(Hoge)\n  case fuga(Fuga)\n}\n"
      )
      .first)
    let route = try #require(
      CasePathableScanner.enums(
        in:
          "struct Hoge {\n  enum Route: NavigationRoute {\n    case fuga(name: String, count: Int)\n  }\n}\n"
      )
      .first)
    return try ScreenListGenerator.code(for: list, routes: ["Hoge": route])
      .joined(separator: "\n")
  }

  @Test("the list generates exhaustive per-screen switches and maps each route to its screen")
  func screenListCode() throws {
    let code = try hogeAndFugaCode()
    // The list is the stacks' enum of reducers (TCA's `@Reducer enum Path`): State, Action and
    // body hang off the hand-written list itself.
    #expect(
      code.hasPrefix("extension Screens {\n  /// The state of the active case.\n  enum State:"))
    #expect(code.contains("extension Screens.State: CaseReducerState {"))
    #expect(code.contains("  static var body: some Reducer<State, Action> {"))
    // Tables only: a screen's delegate request and a request from any depth (by route type)
    // both come out as a command of screens, through one `init` per route type that builds
    // the screen each case names. Nothing generated changes a stack or decides.
    #expect(
      code.contains(
        "  var requestedNavigation: NavigationCommand<Screens.State>? {\n    switch self {"))
    #expect(
      code.contains(
        "    case .hoge(.delegate(.navigate(let command))): command.map(Screens.State.init)"))
    #expect(!code.contains("case .fuga(.delegate"))
    #expect(code.contains("    case .hoge, .fuga: nil"))
    #expect(code.contains("    RouteTable()\n      .adding(Hoge.Route.self, Self.init)\n  }"))
    #expect(!code.contains("Fuga.Route.self"))
    #expect(code.contains("  init(_ route: Hoge.Route) {"))
    #expect(
      code.contains(
        "case .fuga(let value0, let value1): self = .fuga(Fuga.State(name: value0, count: value1))"
      ))
    #expect(code.contains("static var gateScreen: Self { .hoge(Hoge.State()) }"))
    for removed in ["StackState", "apply(", "NavigationOutcome", "request.command(as:"] {
      #expect(!code.contains(removed), "\(removed)")
    }
    // Navigation is exhaustive; only the link readers, which switch over text, need a default.
    let navigation = try #require(code.components(separatedBy: "func screen(after").first)
    #expect(!navigation.contains("default:"))
    #expect {
      _ = try ScreenListGenerator.code(
        for: try #require(
          CasePathableScanner.enums(in: "enum S: ScreenList {\n  case a(x: A)\n}\n").first),
        routes: [:])
    } throws: { error in
      (error as? CasePathableScanner.Failure)?.line == 2
    }
  }

  @Test("a Route with no cases (a new screen) gets no code over a route value, which never runs")
  func emptyRoute() throws {
    let list = try #require(
      CasePathableScanner.enums(in: "enum Screens: ScreenList {\n  case hoge(Hoge)\n}\n").first)
    let route = try #require(
      CasePathableScanner.enums(in: "struct Hoge {\n  enum Route: NavigationRoute {}\n}\n").first)
    let code = try ScreenListGenerator.code(for: list, routes: ["Hoge": route])
      .joined(separator: "\n")
    // A closure taking a value of an empty enum "will never be executed": an error under
    // warnings as errors. The route's `init` is an empty switch on one line, and no link case
    // is written.
    #expect(!code.contains("{ route in"))
    #expect(!code.contains("case (.hoge, "))
    #expect(code.contains("  init(_ route: Hoge.Route) { switch route {} }"))
    // The screen still asks through its delegate and from any depth, and opens nothing by link.
    #expect(code.contains("    case .hoge(.delegate(.navigate(let command))):"))
    #expect(code.contains("      .adding(Hoge.Route.self, Self.init)"))
    #expect(code.contains("    switch (self, segment.name) {\n    default: nil\n    }"))
    #expect(code.contains("    case .hoge: [] + Hoge.linkChoices"))
  }

  @Test("a new screen, before any route, adds at most 20 generated lines to the App")
  func newScreenLines() throws {
    /// The generated lines for a list of `count` screens, each with a `Route` of no cases.
    func lines(screens count: Int) throws -> Int {
      let names = (0..<count).map { "S\($0)" }
      let list = try #require(
        CasePathableScanner.enums(
          in: "enum Screens: ScreenList {\n"
            + names.map { "  case s\($0.dropFirst())(\($0))\n" }.joined() + "}\n"
        ).first)
      var routes: [String: CasePathableScanner.Enum] = [:]
      for name in names {
        let route = try #require(
          CasePathableScanner.enums(
            in: "struct \(name) {\n  enum Route: NavigationRoute {}\n}\n"
          ).first)
        routes[name] = route
      }
      return try ScreenListGenerator.code(for: list, routes: routes).count
    }
    for count in [1, 5] {
      let added = try lines(screens: count + 1) - lines(screens: count)
      #expect(added <= 20, "screen \(count + 1) added \(added) lines")
    }
  }

  @Test("links are generated both ways from the routes: a segment read by label, printed back")
  func linkCode() throws {
    let code = try hogeAndFugaCode()
    // Reading: the segment named like the route case, each value by its label and type.
    #expect(
      code.contains(
        "    case (.hoge, \"fuga\"): Self(Hoge.Route.fuga(name: try segment.value(\"name\", "
          + "as: String.self), count: try segment.value(\"count\", as: Int.self)))"))
    // A screen without a Route opens nothing by route.
    #expect(!code.contains("case (.fuga, "))
    // Printing: the route of the screen below that names it, values read from the state.
    #expect(
      code.contains(
        "    case (.hoge, .fuga(let state)): LinkSegment(\"fuga\", "
          + "[.init(\"name\", \"\\(state.name)\"), .init(\"count\", \"\\(state.count)\")])"))
    // Each screen's own destinations, and what a link may name after it.
    #expect(code.contains("    case .hoge(let state): Hoge.linkSegments(of: state)"))
    #expect(
      code.contains(
        "    case .fuga(var state): try Fuga.open(segment, in: &state); self = .fuga(state)"))
    #expect(code.contains("    case .hoge: [\"fuga\"] + Hoge.linkChoices"))
  }

  @Test("a tab list maps each tab to its root screen and back, exhaustively; bad tabs refused")
  func tabListCode() throws {
    let list = try #require(
      CasePathableScanner.enums(
        in:
          "enum Screens: ScreenList {\n  case gate(Gate)\n  case hoge(Hoge)\n  case fuga(Fuga)\n}\n"
      )
      .first)
    func tabs(_ source: String) throws -> CasePathableScanner.Enum {
      try #require(CasePathableScanner.enums(in: source).first)
    }
    let code = try ScreenListGenerator.code(
      for: list, routes: [:], tabs: tabs("enum Tabs: String, TabList {\n  case fuga\n}\n")
    )
    .joined(separator: "\n")
    #expect(code.contains("extension Tabs {"))
    #expect(code.contains("    case .fuga: .fuga(Fuga.State())"))
    #expect(code.contains("    case .fuga: self = .fuga"))
    #expect(code.contains("    case .gate, .hoge: return nil"))
    for (source, line, message) in [
      ("enum Tabs: TabList {\n  case piyo\n}\n", 2, "the tab piyo names no screen"),
      ("enum Tabs: TabList {\n  case gate\n}\n", 2, "which is the app's gate"),
      ("enum Tabs: TabList {\n  case hoge(Int)\n}\n", 2, "holds nothing"),
      ("enum Tabs: TabList {\n}\n", 1, "has no tabs"),
    ] {
      #expect {
        _ = try ScreenListGenerator.code(for: list, routes: [:], tabs: try tabs(source))
      } throws: { error in
        let failure = error as? CasePathableScanner.Failure
        return failure?.line == line && failure?.message.contains(message) == true
      }
    }
  }

  @Test("a screen whose CasePathable Action has no delegate asks only from any depth")
  func screenWithoutDelegate() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\nenum Screens: ScreenList {\n  case hoge(Hoge)\n  case fuga(Fuga)\n}\n"
    )
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
      """
      import CoreRouting
      import CoreStore
      public struct Hoge {
        public enum Route: NavigationRoute {
          case fuga
        }
        public enum Action: CasePathable {
          case fugaTapped
        }
      }

      """
    )
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Fuga.swift",
      """
      import CoreRouting
      public struct Fuga {
        public enum Route: NavigationRoute {
          case hoge
        }
        public enum Action {
          case delegate(Delegate)
        }
      }

      """
    )
    _ = try GeneratedSources.write(root: repo.root)
    let screens = try repo.read("App/Sources/AppFeature/Screens.generated.swift")
    // Hoge's Action is read and has no delegate: a `.hoge(.delegate…)` case would not build.
    #expect(!screens.contains("case .hoge(.delegate(.navigate(let command))):"))
    #expect(screens.contains(".adding(Hoge.Route.self, Self.init)"))
    // Fuga's Action is not read (not CasePathable): its delegate is assumed, as before.
    #expect(screens.contains("case .fuga(.delegate(.navigate(let command))):"))
    #expect(screens.contains(".adding(Fuga.Route.self, Self.init)"))
    #expect(screens.contains("    case .hoge, .fuga: nil"))
  }

  @Test("a route marked NavigationRoute gets no generated file; one marked CasePathable still maps")
  func routesWriteNoCode() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\nenum Screens: ScreenList {\n  case hoge(Hoge)\n}\n"
    )
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
      "import CoreRouting\npublic struct Hoge {\n  public enum Route: NavigationRoute {\n    case hoge\n  }\n}\n"
    )
    _ = try GeneratedSources.write(root: repo.root)
    let hogeGenerated = "Packages/HogeFeature/Sources/HogeFeature/Hoge.generated.swift"
    #expect(
      !FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(hogeGenerated).path))
    let screens = try repo.read("App/Sources/AppFeature/Screens.generated.swift")
    #expect(screens.contains("case .hoge: self = .hoge(Hoge.State())"))
    // The older spelling still maps (and still gets its case paths).
    try repo.edit(
      "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift", replacing: "Route: NavigationRoute",
      with: "Route: CasePathable")
    _ = try GeneratedSources.write(root: repo.root)
    #expect(try repo.read(hogeGenerated).contains("extension Hoge.Route {"))
    #expect(
      try repo.read("App/Sources/AppFeature/Screens.generated.swift").contains(
        "case .hoge: self = .hoge(Hoge.State())"))
  }
}

/// Reducer enums (`CaseReducer`): what `make generate` writes for them, and what it refuses.
@Suite("reducer enums")
struct CaseReducerGeneratorTests {
  @Test("a reducer enum gets State, Action, a Scope per reducer case, case paths and store.case")
  func generatesEveryPart() throws {
    let destination = try #require(
      CasePathableScanner.enums(
        in: """
          extension ItemList {
            public enum Destination: CaseReducer {
              case detail(ItemDetail)
              case alert(AlertState<Alert>)
            }
          }
          """
      ).first)
    let code = try CaseReducerGenerator.code(for: destination).joined(separator: "\n")
    #expect(code.contains("  public enum State: CasePathable, Equatable, Sendable {"))
    #expect(code.contains("    case detail(ItemDetail.State)"))
    #expect(code.contains("    case alert(AlertState<Alert>)"))
    // An alert has no reducer: its action is the type it is generic over, and no Scope.
    #expect(code.contains("    case alert(Alert)"))
    #expect(code.contains("Scope(state: \\.detail, action: \\.detail) { ItemDetail() }"))
    #expect(!code.contains("Scope(state: \\.alert"))
    #expect(code.contains("  public static var body: some Reducer<State, Action> {"))
    #expect(code.contains("extension ItemList.Destination.State: CaseReducerState {"))
    #expect(code.contains("    case alert(Store<AlertState<Alert>, Alert>)"))
    #expect(code.contains("public var `case`: ItemList.Destination.CaseScope {"))
    #expect(code.contains("extension ItemList.Destination.Action {"))
  }

  @Test("a plain-state case keeps its values, acts with Never; an enum's own body is kept")
  func plainStateAndOwnBody() throws {
    let source = """
      enum Path: CaseReducer {
        case detail(Detail)
        case meeting(Meeting, syncUp: SyncUp)
        static var body: some ReducerOf<Self> {
          Scope(state: \\.detail, action: \\.detail) { Detail() }
        }
      }
      """
    let enumeration = try #require(CasePathableScanner.enums(in: source).first)
    #expect(enumeration.declaresBody)
    let code = try CaseReducerGenerator.code(for: enumeration).joined(separator: "\n")
    #expect(code.contains("    case meeting(Meeting, syncUp: SyncUp)\n"))
    #expect(code.contains("    case meeting(Never)\n"))
    #expect(!code.contains("static var body"))
    // `store.case` gives the values themselves, as TCA's does.
    #expect(code.contains("  case meeting(Meeting, syncUp: SyncUp)\n"))
    #expect(
      code.contains(
        "    case .meeting(let value0, let value1): .meeting(value0, syncUp: value1)"))
    // A `Never` value is embedded by the case itself: a closure over it would never run.
    #expect(code.contains("CasePath(Path.Action.meeting, extract:"))
    let withoutBody = try #require(
      CasePathableScanner.enums(in: "enum P: CaseReducer {\n  case detail(Detail)\n}\n").first)
    #expect(!withoutBody.declaresBody)
    #expect(
      try CaseReducerGenerator.code(for: withoutBody).joined(separator: "\n").contains(
        "static var body: some Reducer<State, Action> {"))
  }

  @Test("an enum that declares its own Action gets only State generated, as TCA's SyncUps")
  func ownActionKept() throws {
    let source = """
      enum Destination: CaseReducer {
        case alert(AlertState<Alert>)
        case edit(SyncUpForm)

        enum Action: CasePathable {
          case alert(Alert)
          case edit(SyncUpForm.Action)
        }

        enum Alert: CasePathable {
          case confirmDeletion
        }
      }
      """
    let scanned = try CasePathableScanner.scan(source)
    let destination = try #require(scanned.enums.first { $0.path == ["Destination"] })
    #expect(destination.declaresOwn == ["Action"])
    let code = try CaseReducerGenerator.code(for: destination, known: scanned.conformances)
      .joined(separator: "\n")
    #expect(code.contains("  enum State: CasePathable, Equatable {"))
    #expect(!code.contains("enum Action"))
    // Its case paths come from the enum's own CasePathable scan, not from here.
    #expect(!code.contains("extension Destination.Action {"))
    #expect(code.contains("extension Destination.State {"))
    #expect(code.contains("Scope(state: \\.edit, action: \\.edit) { SyncUpForm() }"))
  }

  @Test("one unlabeled value is plain state when the sources say it is not a reducer")
  func singlePlainValue() throws {
    let source = """
      struct Minutes: Equatable { var text: String }
      struct Detail: Reducer {}
      extension Later: Reducer {}
      enum Path: CaseReducer {
        case detail(Detail)
        case minutes(Minutes)
        case note(String)
        case tags([String])
        case later(Later)
        case elsewhere(Elsewhere)
      }
      """
    let scanned = try CasePathableScanner.scan(source)
    let path = try #require(scanned.enums.first { $0.path == ["Path"] })
    let cases = try CaseReducerGenerator.cases(of: path, known: scanned.conformances)
    #expect(cases.map(\.reducer) == ["Detail", nil, nil, nil, "Later", "Elsewhere"])
    #expect(
      cases.map(\.actionType) == [
        "Detail.Action", "Never", "Never", "Never", "Later.Action", "Elsewhere.Action",
      ])
    let code = try CaseReducerGenerator.code(for: path, known: scanned.conformances)
      .joined(separator: "\n")
    #expect(code.contains("    case minutes(Minutes)\n"))
    #expect(code.contains("    case .minutes(let value0): .minutes(value0)"))
  }

  @Test("State and Action are Equatable only where every case's are; an extension gets ==")
  func conformancesFollowTheCases() throws {
    let source = """
      struct Clock: Reducer {
        struct State: Sendable { var format: @Sendable (Int) -> String }
        enum Action: Equatable, Sendable { case tick }
      }
      struct Counter: Reducer {
        struct State: Equatable, Sendable { var count = 0 }
        enum Action: Equatable, Sendable { case increment }
      }
      enum Shown: CaseReducer {
        case clock(Clock)
        case counter(Counter)
      }
      enum Documented: CaseReducer {
        case counter(Counter)
        case note(String, pinned: Bool)
      }
      extension Documented.State: Equatable {}
      """
    let scanned = try CasePathableScanner.scan(source)
    let shown = try #require(scanned.enums.first { $0.path == ["Shown"] })
    let shownCode = try CaseReducerGenerator.code(for: shown, known: scanned.conformances)
      .joined(separator: "\n")
    // An internal enum does not say Sendable: the compiler infers it where the cases allow.
    #expect(shownCode.contains("  enum State: CasePathable {"))
    #expect(shownCode.contains("  enum Action: CasePathable, Equatable {"))
    let documented = try #require(scanned.enums.first { $0.path == ["Documented"] })
    let documentedCode = try CaseReducerGenerator.code(
      for: documented, known: scanned.conformances
    ).joined(separator: "\n")
    // The extension declares Equatable; Swift synthesizes == only in the type's own file.
    #expect(documentedCode.contains("  enum State: CasePathable {"))
    #expect(documentedCode.contains("extension Documented.State {\n  /// Equal when"))
    #expect(
      documentedCode.contains(
        "    case (.note(let left0, let left1), .note(let right0, let right1)): "
          + "left0 == right0 && left1 == right1"))
    // Nothing known: every case is taken to conform, as before.
    #expect(
      try CaseReducerGenerator.code(for: shown).joined(separator: "\n").contains(
        "  enum State: CasePathable, Equatable {"))
  }

  @Test("a public enum says Sendable only where every case's state (actions) does, as TCA's")
  func sendableFollowsTheCases() throws {
    let source = """
      public final class Board {}
      public struct NewGame: Reducer {
        public struct State: Equatable, Sendable { var letters = "" }
        public enum Action: Equatable { case loaded(Board) }
      }
      public struct Counter: Reducer {
        public struct State: Equatable { var count = 0 }
        public enum Action: Equatable, Sendable { case increment }
      }
      public actor Engine {}
      public struct Worker: Reducer {
        public struct State: Sendable {}
        public enum Action: Error, Equatable { case failed }
      }
      public enum Game: CaseReducer {
        case newGame(NewGame)
        case worker(Worker)
      }
      public enum Tally: CaseReducer {
        case counter(Counter)
        case engine(Engine, round: Int)
      }
      public enum Declared: CaseReducer {
        case newGame(NewGame)
      }
      extension Declared.Action: @unchecked Sendable {}
      """
    let scanned = try CasePathableScanner.scan(source)
    func code(_ name: String) throws -> String {
      let enumeration = try #require(scanned.enums.first { $0.path == [name] })
      return try CaseReducerGenerator.code(for: enumeration, known: scanned.conformances)
        .joined(separator: "\n")
    }
    let game = try code("Game")
    #expect(game.contains("  public enum State: CasePathable, Sendable {"))
    #expect(game.contains("  public enum Action: CasePathable, Equatable {"))
    // An actor is Sendable without saying so; a struct that does not say it is not.
    let tally = try code("Tally")
    #expect(tally.contains("  public enum State: CasePathable {"))
    #expect(tally.contains("  public enum Action: CasePathable, Equatable, Sendable {"))
    // The sources' own extension says it; the generated enum must not say it again.
    #expect(try code("Declared").contains("  public enum Action: CasePathable, Equatable {"))
  }

  @Test(
    "a case that holds nothing, and an enum with no cases, are refused at their line",
    arguments: [
      ("enum D: CaseReducer {\n  case r(R)\n  case a\n}\n", 3, "give it one"),
      ("enum D: CaseReducer {\n}\n", 1, "has no cases"),
    ])
  func refusals(source: String, line: Int, message: String) throws {
    let enumeration = try #require(CasePathableScanner.enums(in: source).first)
    #expect {
      _ = try CaseReducerGenerator.code(for: enumeration)
    } throws: { error in
      let failure = error as? CasePathableScanner.Failure
      return failure?.line == line && failure?.message.contains(message) == true
    }
  }
}
