import Foundation
import Testing

@testable import ArchCheckKit

/// `make remove-feature NAME=Fuga` on fixture repos: everything that names the feature goes
/// (the undo of `make feature` and `make route`), the rest stays byte for byte, a refusal
/// writes nothing, and a run cut short is undone by the next.
@Suite("make remove-feature")
struct RemoveFeatureTests {
  static let screens = """
    import CoreRouting
    import FugaFeature
    import HogeFeature

    enum Screens: ScreenList {
      /// The gate: the first screen, in Hoge's package.
      case gate(Gate)
      /// Hoge: a tab's root.
      case hoge(Hoge)
      /// Fuga: a screen Hoge opens.
      case fuga(Fuga)
    }

    enum Tabs: String, TabList {
      /// Hoge's tab.
      case hoge
      /// Fuga's tab.
      case fuga
    }

    """

  static let hogeTests = """
    import HogeFeature
    import Testing

    struct HogeFeatureTests {
      @Test("back asks to go back")
      func back() {
        #expect(Self.send("back"))
      }

      @Test(
        "a test that uses Fuga's type goes",
        arguments: [1, 2])
      func opensFuga(count: Int) {
        #expect(count > 0 && Fuga.State() != nil)
      }

      @Test("a helper that uses the type goes, and so does the test that calls it")
      func callsHelper() {
        #expect(Self.openThere())
      }

      static func openThere() -> Bool {
        _ = FugaFeature.Fuga.State()
        return true
      }

      static func send(_ text: String) -> Bool {
        !text.isEmpty
      }

      @Test("the route case after its type goes")
      func routeCase() {
        #expect(Hoge.Route.fuga != nil)
      }

      @Test("the action that asked for the screen goes")
      func action() async {
        await store.send(.fugaTapped)
      }

      @Test("a test that types the screen's name stays: a string is not a use")
      func typesTheWord() {
        #expect(Self.send("signin Ann\\nfuga\\n"))
      }

      @Test("labels, members, key paths and comments of the same spelling stay")
      func sameSpelling() {
        // Fuga, fuga and FugaFeature in a comment.
        let record = (fuga: "Fuga", other: 1)
        #expect(record.fuga == "fuga" && Tabs.fugaScreen.isEmpty && Palette.fuga != nil)
        #expect([record].map(\\.fuga) == ["fuga"] && item.Fuga == nil)
        #expect(\\Record.fuga != nil)
      }
    }

    """

  /// A fixture whose Hoge (a tab, in the package of the gate) routes to Fuga (a tab too) as
  /// `make route` writes it, with Hoge tests about Fuga and others.
  static func fixture() throws -> FixtureRepo {
    let repo = try FixtureRepo()
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift", RouteScaffolderTests.hoge)
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/HogeView.swift", RouteScaffolderTests.hogeView)
    try repo.write("App/Sources/AppFeature/Screens.swift", Self.screens)
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/Gate.swift", "public struct Gate {}\n")
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Fuga.swift",
      "public struct Fuga {\n  public struct State { public init() {} }\n}\n")
    try repo.write(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeFeatureTests.swift", Self.hogeTests)
    try repo.write("Tests/Transcripts/fuga-visit.input", "signin Ann\nfuga\n")
    try repo.write(
      "Tests/Transcripts/fuga-visit.expected", "» [hoge] Hoge > … > Fuga (7 screens)\n")
    try repo.write("Tests/Transcripts/counter.input", "signin Ann\n+\nfuga\n")
    try repo.write(
      "Tests/Transcripts/counter.expected",
      "» [hoge] Hoge\nCount: 1\n> fuga\nerror: unknown command 'fuga'\nlog: Hoge closed\n")
    return repo
  }

  private func exists(_ path: String, in repo: FixtureRepo) -> Bool {
    FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(path).path)
  }

  @Test("the package, its list lines, manifest entries, imports, routes, tests and transcripts go")
  func removesEverythingThatNamesIt() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let hogeBefore = try repo.read("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift")
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    let routeTest = "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift"
    #expect(exists(routeTest, in: repo))

    let report = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    #expect(report.contains("remove Packages/FugaFeature"))
    #expect(!exists("Packages/FugaFeature", in: repo))
    #expect(!exists(routeTest, in: repo))
    // The route make route wrote is gone again: Hoge as it was before it.
    let hoge = try repo.read("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift")
    #expect(!hoge.contains("fuga"))
    #expect(hoge.contains("case backTapped"))
    #expect(hoge.contains("case .backTapped: return .none"))
    #expect(hoge.replacingOccurrences(of: " {\n  }", with: " {}") == hogeBefore)
    let view = try repo.read("Packages/HogeFeature/Sources/HogeFeature/HogeView.swift")
    #expect(!view.contains("fuga") && view.contains(#"TextCommand("back""#), "\(view)")
    // The lists, the manifests, the imports.
    let screens = try repo.read("App/Sources/AppFeature/Screens.swift")
    #expect(!screens.contains("Fuga") && !screens.contains("fuga"))
    #expect(screens.contains("/// Hoge: a tab's root.\n  case hoge(Hoge)\n}"))
    #expect(screens.contains("/// Hoge's tab.\n  case hoge\n}"))
    #expect(!(try repo.read("App/Package.swift")).contains("FugaFeature"))
    #expect(!(try repo.read("App/Sources/AppFeature/Router.swift")).contains("FugaFeature"))
    #expect(!(try repo.read("Package.swift")).contains("FugaFeature"))
    // The tests whose code uses Fuga's module, type, route case or action, and the ones that
    // call a helper that does; words, labels, members and comments of that spelling stay.
    let tests = try repo.read("Packages/HogeFeature/Tests/HogeFeatureTests/HogeFeatureTests.swift")
    #expect(tests.contains("func back()"))
    #expect(tests.contains("static func send("))
    #expect(!tests.contains("opensFuga") && !tests.contains("arguments: [1, 2]"))
    #expect(!tests.contains("openThere") && !tests.contains("callsHelper"))
    #expect(!tests.contains("routeCase") && !tests.contains("func action()"))
    #expect(tests.contains("func typesTheWord()") && tests.contains("func sameSpelling()"))
    #expect(!exists("Tests/Transcripts/fuga-visit.input", in: repo))
    #expect(!exists("Tests/Transcripts/fuga-visit.expected", in: repo))
    #expect(exists("Tests/Transcripts/counter.input", in: repo))
    // Nothing is left that names it, and the generated code is current (the fixture's
    // manifests leave out CoreRouting, which is not this test's business).
    let violations = try ArchCheck.verify(root: repo.root).violations.map(\.description)
      .filter { !$0.contains("imports CoreRouting") }
    #expect(violations == [], "\(violations)")
    #expect(!exists(EditJournal.path, in: repo))
  }

  @Test("a test file whose tests all go stays when another file uses its type's helpers")
  func fileKeptForItsHelpers() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    try repo.write(
      "Tests/AppFlowTests/DemoTests.swift",
      """
      import Testing

      struct DemoTests {
        static let demoPath = "demo"

        @Test("fuga opens")
        func opens() {
          #expect(Fuga.State() != nil)
        }
      }

      """)
    try repo.write(
      "Tests/AppFlowTests/GoneTests.swift",
      "import Testing\n\nstruct GoneTests {\n  @Test(\"fuga\") func fuga() { _ = Fuga.State() }\n}\n"
    )
    try repo.write(
      "Tests/AppFlowTests/CtrlCTests.swift",
      """
      import Testing

      struct CtrlCTests {
        @Test("uses the demo")
        func uses() {
          #expect(DemoTests.demoPath == "demo")
        }
      }

      """)
    _ = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    let demo = try repo.read("Tests/AppFlowTests/DemoTests.swift")
    #expect(demo.contains("static let demoPath") && !demo.contains("func opens"))
    #expect(!exists("Tests/AppFlowTests/GoneTests.swift", in: repo))
    #expect(try repo.read("Tests/AppFlowTests/CtrlCTests.swift").contains("DemoTests.demoPath"))
  }

  @Test("a screen's case name or the module name work as NAME too")
  func otherSpellings() throws {
    for name in ["fuga", "FugaFeature"] {
      let repo = try Self.fixture()
      defer { repo.remove() }
      _ = try FeatureRemover.remove(name: name, root: repo.root, dryRun: false)
      #expect(!exists("Packages/FugaFeature", in: repo))
    }
  }

  @Test("DRY_RUN lists what would change and writes nothing")
  func dryRun() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let before = try repo.snapshot()
    let report = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: true)
    #expect(report.contains("would remove Packages/FugaFeature"))
    #expect(report.contains { $0.hasPrefix("would update App/Sources/AppFeature/Screens.swift") })
    #expect(report.contains("would delete Tests/Transcripts/fuga-visit.input"))
    #expect(report.last == "DRY_RUN=1: nothing was changed.")
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "refusals are one line, say what to do, and write nothing",
    arguments: [
      ("Hoge", "the first screen of the list"),
      ("hoge", "move another screen's line to the top"),
      ("gate", "HogeFeature holds gate"),
      ("Piyo", "names no feature package under Packages/; name one of Fuga, Hoge"),
      ("../Core", "names no feature package"),
      ("`touch pwned`", "names no feature package"),
      ("Core", "names no feature package"),
    ])
  func refusals(name: String, reason: String) throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: name, root: repo.root, dryRun: false)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.contains(reason) && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("removing the feature of the only tab is refused: the app would have no tab")
  func onlyTab() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    try repo.edit(
      "App/Sources/AppFeature/Screens.swift", replacing: "  /// Hoge's tab.\n  case hoge\n",
      with: "")
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    } throws: { error in
      (error as? ArchCheckError)?.description.contains("add a tab for another screen") == true
    }
    #expect(try repo.snapshot() == before)
  }

  /// The fixture with the gate in a package of its own, asking for home (the first tab, Hoge)
  /// when a name signs in, and for setup otherwise.
  private func fixtureWithGate() throws -> FixtureRepo {
    let repo = try Self.fixture()
    try FileManager.default.removeItem(
      at: repo.root.appendingPathComponent("Packages/HogeFeature/Sources/HogeFeature/Gate.swift"))
    try repo.write("Packages/GateFeature/Package.swift", FixtureRepo.featureManifest("Gate"))
    try repo.write(
      "Packages/GateFeature/Sources/GateFeature/Gate.swift",
      """
      public struct Gate {
        public enum Route: NavigationRoute {
          /// Home, once signed in.
          case hoge
        }

        public enum Action: Equatable {
          case signInTapped
          case delegate(Delegate)
        }

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
          switch action {
          case .signInTapped:
            return .send(.delegate(.navigate(.push(.hoge))))
          case .delegate:
            return .none
          }
        }
      }

      """)
    return repo
  }

  @Test("removing the first tab's screen points routes to it at the tab that becomes first")
  func homeMoves() throws {
    let repo = try fixtureWithGate()
    defer { repo.remove() }
    _ = try FeatureRemover.remove(name: "Hoge", root: repo.root, dryRun: false)
    let gate = try repo.read("Packages/GateFeature/Sources/GateFeature/Gate.swift")
    // Signing in still asks for home: now Fuga, the first tab left.
    #expect(gate.contains("    /// Home, once signed in.\n    case fuga\n"), "\(gate)")
    #expect(
      gate.contains("case .signInTapped:\n      return .send(.delegate(.navigate(.push(.fuga))))")
    )
    #expect(!gate.contains("hoge"))
    let screens = try repo.read("App/Sources/AppFeature/Screens.swift")
    #expect(screens.contains("enum Tabs: String, TabList {\n  /// Fuga's tab.\n  case fuga\n}"))
  }

  @Test("an action that asks for the removed screen and another one is refused, naming its line")
  func mixedActionRefused() throws {
    let repo = try fixtureWithGate()
    defer { repo.remove() }
    let gate = "Packages/GateFeature/Sources/GateFeature/Gate.swift"
    try repo.edit(
      gate, replacing: "    case .signInTapped:\n",
      with:
        "    case .signInTapped:\n      if Bool.random() { return .send(.delegate(.navigate(.push(.fuga)))) }\n"
    )
    try repo.edit(gate, replacing: "    case hoge\n", with: "    case hoge\n    case fuga\n")
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.hasPrefix("\(gate):")
        && message.contains(".signInTapped asks for hoge as well as a screen being removed")
        && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("a manifest entry written over several lines goes too, and the manifest still loads")
  func multiLineManifestEntry() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    try repo.edit(
      "App/Package.swift", replacing: #".product(name: "FugaFeature", package: "FugaFeature")"#,
      with:
        ".product(\n          name: \"FugaFeature\",\n          package: \"FugaFeature\"\n        )"
    )
    _ = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    let manifest = try repo.read("App/Package.swift")
    #expect(!manifest.contains("Fuga"), "\(manifest)")
    #expect(try repo.verify().filter { $0.path == "App/Package.swift" } == [])
  }

  @Test("while another run's journal is there and its process runs, a removal is refused")
  func secondRunRefused() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    // The parent of this process is alive for as long as the test runs.
    try EditJournal(originals: [:], createdFolders: [], process: getppid()).begin(root: repo.root)
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    } throws: { error in
      (error as? ArchCheckError)?.description.hasPrefix(
        "another make feature, make route, make remove-feature or")
        == true
    }
    #expect(try repo.snapshot() == before)
    #expect(
      FileManager.default.fileExists(
        atPath: repo.root.appendingPathComponent("Packages/FugaFeature").path))
  }

  @Test("a reducer case that is the switch's last (where make route appends) leaves its brace")
  func lastSwitchCase() throws {
    let file = SourceLines(
      """
      func reduce() {
        switch action {
        case .counter:
          return .none
        case .noteTapped:
          return .send(.delegate(.navigate(.push(.note))))
        }
      }
      """)
    #expect(file.switchCase("noteTapped") == 4...5)
    #expect(file.switchCase("counter") == 2...3)
  }

  @Test("the App's panel file that wires the feature in becomes the empty panel")
  func panelFile() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/EntryPanel.swift",
      "import FugaFeature\n\npublic typealias EntryPanel = FugaPanel\n")
    _ = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    let panel = try repo.read("App/Sources/AppFeature/EntryPanel.swift")
    #expect(panel.contains("public struct EntryPanel: Reducer, Sendable"))
    #expect(!panel.contains("Fuga"))
  }

  @Test("a removal killed part way is undone by the next archcheck run, folder and files")
  func killedRemovalIsUndone() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    _ = try GeneratedSources.write(root: repo.root)
    let before = try repo.snapshot()
    let screens = "App/Sources/AppFeature/Screens.swift"
    let transcript = "Tests/Transcripts/fuga-visit.input"
    let holding = ".build-archcheck/removing-test"
    // What kill -9 leaves between two steps: the journal, the package moved aside, one file
    // edited, one deleted.
    try EditJournal(
      originals: [screens: try repo.read(screens), transcript: try repo.read(transcript)],
      createdFolders: [], movedFolders: ["Packages/FugaFeature": holding],
      process: RouteScaffolderTests.deadProcess()
    ).begin(root: repo.root)
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent(".build-archcheck"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: repo.root.appendingPathComponent("Packages/FugaFeature"),
      to: repo.root.appendingPathComponent(holding))
    try repo.write(screens, "// half edited\n")
    try FileManager.default.removeItem(at: repo.root.appendingPathComponent(transcript))

    let said = try ArchCheck.recoverInterruptedEdits(root: repo.root)
    #expect(said?.contains("1 removed folder(s) are back") == true)
    #expect(try repo.snapshot() == before)
  }

  @Test("an edit that would not parse is refused before anything is written, naming file:line")
  func unparsableEditRefused() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    // The test that uses Fuga shares its last line with the suite's closing brace.
    let path = "Tests/AppFlowTests/OneLineTests.swift"
    try repo.write(
      path,
      "import Testing\n\nstruct OneLineTests {\n  @Test func a() {}\n\n"
        + "  @Test func b() { _ = Fuga.State() } }\n")
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.hasPrefix("removing Fuga would leave \(path):") && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("code the removal cannot take out (not a test or a helper) is refused, naming its line")
  func unremovableUseRefused() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let path = "App/Sources/AppFeature/Wiring.swift"
    try repo.write(path, "import HogeFeature\n\nlet wired = Fuga.State()\n")
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.hasPrefix("\(path):3 uses FugaFeature in code") && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "when the check after the removal fails or is stopped, everything is put back",
    arguments: [
      ("echo 'error: something else broke' >&2; exit 3", "the output above says why"),
      ("kill -KILL $$", "were stopped (signal 9)"),
    ])
  func failedCheckPutsBack(command: String, reason: String) throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    _ = try GeneratedSources.write(root: repo.root)
    let before = try repo.snapshot()
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false, verify: command)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.contains(reason) && message.hasSuffix("everything is back as it was")
    }
    #expect(try repo.snapshot() == before)
    #expect(!exists(EditJournal.path, in: repo))
  }

  @Test(
    "a test the build rejects for a removed name is taken out with the errors that follow, and the build runs again"
  )
  func compilerFoundUseTakenOut() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    // A bare `.fuga` may be any enum's case: only the compiler knows it was Hoge.Route's.
    let path = "Tests/AppFlowTests/RouteTests.swift"
    try repo.write(
      path,
      """
      import Testing

      struct RouteTests {
        @Test func stays() {}

        @Test func asksForFuga() {
          #expect(route(.fuga) != nil)
        }

        @Test func alsoStays() {}
      }

      """)
    // The "compiler": rejects the line while it is there, as swift build would.
    let command = """
      if grep -q 'route(.fuga)' \(path); then
        echo "$PWD/\(path):7:22: error: type 'Hoge.Route' has no member 'fuga'"
        echo "$PWD/\(path):7:9: error: cannot infer contextual base in reference to member 'off'"
        exit 1
      fi
      """
    let report = try FeatureRemover.remove(
      name: "Fuga", root: repo.root, dryRun: false, verify: command)
    #expect(report.contains { $0.hasPrefix("took out \(path): asksForFuga") })
    let tests = try repo.read(path)
    #expect(tests.contains("func stays()") && !tests.contains("asksForFuga"))
    // Formatted: the blank lines around what went are one again.
    #expect(tests.contains("@Test func stays() {}\n\n  @Test func alsoStays() {}\n"), "\(tests)")
    #expect(!exists("Packages/FugaFeature", in: repo) && !exists(EditJournal.path, in: repo))
  }

  @Test("an error that is not a use of what was removed puts everything back, in one line")
  func otherCompilerErrorPutsBack() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    _ = try GeneratedSources.write(root: repo.root)
    let before = try repo.snapshot()
    let command =
      "echo \"$PWD/Tests/AppFlowTests/X.swift:3:1: error: cannot find 'Piyo' in scope\"; exit 1"
    #expect {
      try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false, verify: command)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.contains("fails at Tests/AppFlowTests/X.swift:3: cannot find 'Piyo'")
        && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("a transcript the check records again is listed, and put back when a later step fails")
  func recordedTranscriptsListed() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let counter = "Tests/Transcripts/counter.expected"
    let report = try FeatureRemover.remove(
      name: "Fuga", root: repo.root, dryRun: false, verify: "echo changed > \(counter)")
    #expect(report.contains { $0.hasPrefix("recorded \(counter) again") })
    #expect(try repo.read(counter) == "changed\n")
  }

  @Test("a removal killed after its changes are in place is finished by the next run, not undone")
  func killedWhileDeletingIsFinished() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    let holding = ".build-archcheck/removing-test"
    let screens = "App/Sources/AppFeature/Screens.swift"
    try FileManager.default.createDirectory(
      at: repo.root.appendingPathComponent(".build-archcheck"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: repo.root.appendingPathComponent("Packages/FugaFeature"),
      to: repo.root.appendingPathComponent(holding))
    // Half deleted, as kill -9 in the middle of the last step leaves it.
    try FileManager.default.removeItem(
      at: repo.root.appendingPathComponent("\(holding)/Sources/FugaFeature/Fuga.swift"))
    try repo.write(screens, "// as removed\n")
    var journal = EditJournal(
      originals: [screens: "// as it was\n"], createdFolders: [],
      movedFolders: ["Packages/FugaFeature": holding],
      process: try RouteScaffolderTests.deadProcess())
    journal.committed = true
    try journal.begin(root: repo.root)

    let said = try ArchCheck.recoverInterruptedEdits(root: repo.root)
    #expect(said?.contains("is deleted now") == true)
    #expect(!exists(holding, in: repo) && !exists("Packages/FugaFeature", in: repo))
    #expect(try repo.read(screens) == "// as removed\n")
    #expect(!exists(EditJournal.path, in: repo))
  }

  @Test("a suite that names the screen in its attribute goes whole, and what uses it goes too")
  func suiteStandingOnIt() throws {
    let repo = try Self.fixture()
    defer { repo.remove() }
    try repo.write(
      "Tests/AppFlowTests/FugaFlowTests.swift",
      """
      import Testing

      /// Typed as text: only the attribute names Fuga.
      @Suite("Fuga's flow", .standsOn(Fuga.self))
      struct FugaFlowTests {
        static let script = "fuga\\n"

        @Test func typesIt() { #expect(!Self.script.isEmpty) }
      }

      """)
    try repo.write(
      "Tests/AppFlowTests/OtherTests.swift",
      """
      import Testing

      struct OtherTests {
        @Test func usesTheScript() { #expect(FugaFlowTests.script != "") }

        @Test func stays() {}
      }

      """)
    _ = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
    #expect(!exists("Tests/AppFlowTests/FugaFlowTests.swift", in: repo))
    let other = try repo.read("Tests/AppFlowTests/OtherTests.swift")
    #expect(!other.contains("usesTheScript") && other.contains("func stays()"))
  }
}
