import Foundation
import Testing

@testable import ArchCheckKit

/// `make route FROM=Hoge TO=Fuga` on fixture repos whose Hoge is written in the feature shape:
/// every place found and written, the route mapped by the App's generated code, and each
/// refusal one line with nothing written.
@Suite("make route")
struct RouteScaffolderTests {
  static let hoge = """
    import CoreRouting
    import CoreStore

    public struct Hoge: Reducer {
      // A comment that says enum Route { } must not be taken for the enum.
      public enum Route: NavigationRoute {}

      public struct State: Equatable {
        public init() {}
      }

      public enum Action: Equatable {
        case backTapped
        case delegate(Delegate)
        public enum Delegate: Equatable {
          case navigate(NavigationCommand<Route>)
        }
      }

      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .backTapped: return .none
        case .delegate: return .none
        }
      }
    }

    """

  static let hogeView = """
    import CoreUI

    public struct HogeView: TextView {
      /// `back`.
      public var commands: [TextCommand] {
        [
          TextCommand("back", help: "Go back") { _ in store.send(.backTapped) },
        ]
      }
    }

    """

  static let screens = """
    import CoreRouting
    import FugaFeature
    import HogeFeature

    enum Screens: ScreenList {
      case hoge(Hoge)
      case fuga(Fuga)
    }

    """

  /// A fixture with Hoge in the feature shape and a screen list of Hoge and Fuga.
  private func fixture() throws -> FixtureRepo {
    let repo = try FixtureRepo()
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift", Self.hoge)
    try repo.write("Packages/HogeFeature/Sources/HogeFeature/HogeView.swift", Self.hogeView)
    try repo.write("App/Sources/AppFeature/Screens.swift", Self.screens)
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Fuga.swift",
      "public struct Fuga {\n  public struct State { public init() {} }\n}\n")
    return repo
  }

  private let hogeFiles = [
    "Packages/HogeFeature/Sources/HogeFeature/Hoge.swift",
    "Packages/HogeFeature/Sources/HogeFeature/HogeView.swift",
  ]

  @Test("the route case, action, reducer case, view command and test are written and mapped")
  func writesEveryPart() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let report = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    #expect(report.contains { $0.contains("Hoge.Route.fuga") })
    let hoge = try repo.read(hogeFiles[0])
    #expect(
      hoge.contains(
        "public enum Route: NavigationRoute {\n    /// The Fuga screen.\n    case fuga\n  }"))
    // After the existing cases, before the delegate (which by convention comes last).
    #expect(
      hoge.contains(
        "    case backTapped\n    /// The person asked for the Fuga screen.\n    case fugaTapped\n    case delegate(Delegate)\n"
      ))
    #expect(
      hoge.contains(
        "    case .backTapped: return .none\n    case .fugaTapped:\n      return .send(.delegate(.navigate(.push(.fuga))))\n    case .delegate: return .none\n"
      ))
    #expect(hoge.contains("// A comment that says enum Route { } must not be taken for the enum."))
    let view = try repo.read(hogeFiles[1])
    let fugaCommand = #"TextCommand("fuga", help: "Open Fuga") { _ in store.send(.fugaTapped) },"#
    let backCommand = #"TextCommand("back", help: "Go back") { _ in store.send(.backTapped) },"#
    // Appended: after the commands there were, last in the list.
    #expect(view.contains(backCommand + "\n      " + fugaCommand + "\n    ]"), "\(view)")
    #expect(view.contains("/// `back`, `fuga`."), "the command list's doc comment stays true")
    let test = try repo.read(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift")
    #expect(test.contains("TestStore(initialState: Hoge.State())"))
    #expect(test.contains("await store.send(.fugaTapped)"))
    #expect(test.contains("await store.receive(.delegate(.navigate(.push(.fuga))))"))
    let generated = try repo.read("App/Sources/AppFeature/Screens.generated.swift")
    #expect(generated.contains("case .hoge(.delegate(.navigate(let command))):"))
    #expect(generated.contains("case .fuga: self = .fuga(Fuga.State())"))
  }

  /// A list in ItemList's shape: no delegate; its screens ask with `@Dependency(\.navigate)`.
  static let list = """
    import CoreDependencies
    import CoreStore

    public struct List: Reducer {
      public enum Route: NavigationRoute {
        case detail(id: Int)
      }

      public struct State: Equatable {
        public init() {}
      }

      public enum Action: Equatable {
        case reloadTapped
      }

      @Dependency(\\.uuid) var uuid

      public var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .reloadTapped: return .none
          }
        }
      }
    }

    """

  @Test("a feature without a delegate asks with the navigate dependency, which is added once")
  func dependencyStyle() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write("Packages/ListFeature/Sources/ListFeature/List.swift", Self.list)
    try repo.write(
      "Packages/ListFeature/Sources/ListFeature/ListView.swift",
      Self.hogeView.replacingOccurrences(of: "Hoge", with: "List"))
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      Self.screens.replacingOccurrences(
        of: "  case fuga(Fuga)\n", with: "  case fuga(Fuga)\n  case list(List)\n"
      )
      .replacingOccurrences(
        of: "import HogeFeature\n", with: "import HogeFeature\nimport ListFeature\n"))
    _ = try RouteScaffolder.add(from: "List", to: "Fuga", root: repo.root)
    let list = try repo.read("Packages/ListFeature/Sources/ListFeature/List.swift")
    #expect(
      list.contains(
        "      case .reloadTapped: return .none\n      case .fugaTapped:\n"
          + "        return .run { _ in await navigate(.push(Route.fuga)) }\n"), "\(list)")
    #expect(
      list.contains("  @Dependency(\\.uuid) var uuid\n  @Dependency(\\.navigate) var navigate\n"))
    #expect(list.contains("import CoreDependencies\nimport CoreRouting\nimport CoreStore\n"))
    #expect(!list.contains("delegate"))
    let test = try repo.read(
      "Packages/ListFeature/Tests/ListFeatureTests/ListToFugaRouteTests.swift")
    #expect(test.contains("import CoreRouting\n"))
    #expect(test.contains("await store.receiveNavigation(.push(List.Route.fuga))"))
    // A second route finds the dependency there and adds no other.
    _ = try RouteScaffolder.add(from: "List", to: "Hoge", root: repo.root)
    let again = try repo.read("Packages/ListFeature/Sources/ListFeature/List.swift")
    #expect(again.components(separatedBy: "@Dependency(\\.navigate)").count == 2)
    #expect(again.components(separatedBy: "import CoreRouting").count == 2)
  }

  @Test("with no dependency yet, navigate goes before the body and its doc comment")
  func dependencyBeforeBody() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let list = Self.list.replacingOccurrences(of: "  @Dependency(\\.uuid) var uuid\n\n", with: "")
      .replacingOccurrences(
        of: "  public var body", with: "  /// The list's logic.\n  public var body")
    try repo.write("Packages/ListFeature/Sources/ListFeature/List.swift", list)
    try repo.write(
      "Packages/ListFeature/Sources/ListFeature/ListView.swift",
      Self.hogeView.replacingOccurrences(of: "Hoge", with: "List"))
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      Self.screens.replacingOccurrences(
        of: "  case fuga(Fuga)\n", with: "  case fuga(Fuga)\n  case list(List)\n"))
    _ = try RouteScaffolder.add(from: "List", to: "Fuga", root: repo.root)
    let edited = try repo.read("Packages/ListFeature/Sources/ListFeature/List.swift")
    #expect(
      edited.contains(
        "  @Dependency(\\.navigate) var navigate\n  /// The list's logic.\n  public var body"),
      "\(edited)")
  }

  @Test("an Action enum whose brace is on its own line gets the case inside its braces")
  func braceOnItsOwnLine() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.edit(
      hogeFiles[0], replacing: "  public enum Action: Equatable {\n",
      with: "  public enum Action: Equatable\n  {\n")
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    let hoge = try repo.read(hogeFiles[0])
    // Inside the braces (swift format then moves the brace up, as the repo's style has it).
    #expect(
      hoge.contains(
        "  public enum Action: Equatable {\n    case backTapped\n    /// The person asked for the Fuga screen.\n    case fugaTapped\n"
      ), "\(hoge)")
  }

  @Test(
    "a layout the edit did not foresee is refused with the line that would not parse; nothing written",
    arguments: [
      "  public enum Action: Equatable { case backTapped\n",
      "  public enum Action: Equatable { case backTapped; case other\n",
    ])
  func unparsableEditRefused(layout: String) throws {
    let repo = try fixture()
    defer { repo.remove() }
    let source = try repo.read(hogeFiles[0])
    let actionLine = try #require(
      source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains("public enum Action")
      })
    // The Action enum's opening line and its first case, on one line.
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[actionLine] = String(layout.dropLast())
    lines.remove(at: actionLine + 1)
    try repo.write(hogeFiles[0], lines.joined(separator: "\n"))
    let before = try repo.snapshot()
    do {
      _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
      // Laid out well enough to edit: then the result must parse (swiftc -parse).
      let edited = try repo.read(hogeFiles[0])
      let scratch = repo.root.appendingPathComponent(".parse-check")
      #expect(SourceParseCheck.firstError(in: [hogeFiles[0]: edited], scratch: scratch) == nil)
    } catch {
      #expect("\(error)".contains("the route would leave \(hogeFiles[0]):"), "\(error)")
      #expect("\(error)".contains("nothing was written"))
      #expect(!"\(error)".contains("\n"))
      #expect(try repo.snapshot() == before)
    }
  }

  @Test("the parse check names the first line that does not parse, under the path given")
  func parseCheck() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "parse-check-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let good = "enum Action {\n  case a\n}\n"
    let bad = "enum Action\n  case x\n{\n  case a\n}\n"
    #expect(SourceParseCheck.firstError(in: ["A/Good.swift": good], scratch: scratch) == nil)
    let error = SourceParseCheck.firstError(
      in: ["A/Good.swift": good, "B/Bad.swift": bad], scratch: scratch)
    #expect(error == "B/Bad.swift:1: expected '{' in enum")
  }

  @Test("TO may be a screen's case name; the test starts from the state the preview starts from")
  func caseNameAndPreviewState() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write(
      "Packages/HogeFeature/Sources/HogePreview/main.swift",
      "Console(initialState: Hoge.State(name: \"x (y)\")) {\n  Hoge()\n}\n")
    _ = try RouteScaffolder.add(from: "hoge", to: "fuga", root: repo.root)
    let test = try repo.read(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift")
    #expect(test.contains(#"TestStore(initialState: Hoge.State(name: "x (y)"))"#))
  }

  @Test(
    "bad ends are refused with one line and nothing is written",
    arguments: [
      ("Hoge", "Piyo", "TO=Piyo is not a screen of the App's list (hoge, fuga)"),
      ("Nope", "Fuga", "FROM=Nope names no feature"),
      ("../Hoge", "Fuga", "FROM=../Hoge is not a feature name"),
    ])
  func refusals(from: String, to: String, message: String) throws {
    let repo = try fixture()
    defer { repo.remove() }
    let before = try hogeFiles.map { try repo.read($0) }
    #expect {
      _ = try RouteScaffolder.add(from: from, to: to, root: repo.root)
    } throws: { error in
      "\(error)".contains(message) && !"\(error)".contains("\n")
    }
    #expect(try hogeFiles.map { try repo.read($0) } == before)
  }

  @Test(
    "a screen whose state needs arguments is refused (route with values by hand); defaults pass",
    arguments: [
      ("public init(name: String) {}", true),
      ("public init(name: String = \"\", count: Int = 0) {}", false),
      ("public init(name: String) {}\n    public init() { self.init(name: \"\") }", false),
    ])
  func stateNeedingArguments(initializers: String, refused: Bool) throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write(
      "Packages/FugaFeature/Sources/FugaFeature/Fuga.swift",
      "public struct Fuga {\n  public struct State: Equatable {\n    \(initializers)\n  }\n}\n")
    let before = try hogeFiles.map { try repo.read($0) }
    if refused {
      #expect {
        _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
      } throws: { error in
        "\(error)".contains("Fuga.State has no init that takes no arguments")
          && "\(error)".contains("case fuga(name: String) in Hoge.Route")
      }
      #expect(try hogeFiles.map { try repo.read($0) } == before)
    } else {
      _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
      #expect(try repo.read(hogeFiles[0]).contains("case fuga\n"))
    }
  }

  @Test("a route among several cases on one line counts as there already")
  func caseAmongSeveral() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write(
      hogeFiles[0],
      Self.hoge.replacingOccurrences(
        of: "public enum Route: NavigationRoute {}",
        with: "public enum Route: NavigationRoute {\n    case hoge, fuga\n  }"))
    let before = try hogeFiles.map { try repo.read($0) }
    #expect {
      _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    } throws: { error in
      "\(error)".contains("Hoge.Route already has case fuga")
    }
    #expect(try hogeFiles.map { try repo.read($0) } == before)
  }

  @Test("a scaffold killed mid-write is undone by the next archcheck run, from its journal")
  func killedRunIsUndone() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let original = try repo.read(hogeFiles[0])
    let test = "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift"
    // What a run leaves when kill -9 lands between two writes: the journal, one file
    // replaced, one created, a new package folder half made.
    // The run that wrote it is gone: a pid that names no process.
    try EditJournal(
      originals: [hogeFiles[0]: original, test: nil],
      createdFolders: ["Packages/PiyoFeature"], process: Self.deadProcess()
    ).begin(root: repo.root)
    try repo.write(hogeFiles[0], original + "// half a route\n")
    try repo.write(test, "// half a test\n")
    let temporary =
      "Packages/HogeFeature/Sources/HogeFeature/.Hoge.generated.swift.archcheck-\(UUID().uuidString)"
    try repo.write(temporary, "// a write cut short\n")
    try repo.write("Packages/PiyoFeature/Package.swift", "// half a package\n")

    let said = try ArchCheck.recoverInterruptedEdits(root: repo.root)
    #expect(said?.contains("was cut short") == true)
    #expect(try repo.read(hogeFiles[0]) == original)
    let fileManager = FileManager.default
    #expect(!fileManager.fileExists(atPath: repo.root.appendingPathComponent(test).path))
    #expect(!fileManager.fileExists(atPath: repo.root.appendingPathComponent(temporary).path))
    #expect(
      !fileManager.fileExists(
        atPath: repo.root.appendingPathComponent("Packages/PiyoFeature").path))
    #expect(
      !fileManager.fileExists(atPath: repo.root.appendingPathComponent(EditJournal.path).path))
    #expect(try ArchCheck.recoverInterruptedEdits(root: repo.root) == nil)
  }

  @Test("a journal whose run is still going is left alone: it is another run in progress")
  func runningJournalIsLeftAlone() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let original = try repo.read(hogeFiles[0])
    try EditJournal(originals: [hogeFiles[0]: original], createdFolders: []).begin(root: repo.root)
    try repo.write(hogeFiles[0], original + "// being written\n")
    #expect(try ArchCheck.recoverInterruptedEdits(root: repo.root) == nil)
    #expect(try repo.read(hogeFiles[0]) == original + "// being written\n")
  }

  /// The pid of a process that has ended (a child that exited and was waited for).
  static func deadProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test("a finished route leaves no journal behind")
  func finishedRunLeavesNoJournal() throws {
    let repo = try fixture()
    defer { repo.remove() }
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    #expect(
      !FileManager.default.fileExists(
        atPath: repo.root.appendingPathComponent(EditJournal.path).path))
  }

  @Test("a route that exists is refused, and so is one whose places cannot be found")
  func existingOrUnreadable() throws {
    let repo = try fixture()
    defer { repo.remove() }
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    try FileManager.default.removeItem(
      at: repo.root.appendingPathComponent(
        "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift"))
    let after = try hogeFiles.map { try repo.read($0) }
    #expect {
      _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    } throws: { error in
      "\(error)".contains("Hoge.Route already has case fuga")
    }
    #expect(try hogeFiles.map { try repo.read($0) } == after)
    try repo.write(
      hogeFiles[0], Self.hoge.replacingOccurrences(of: "switch action {", with: "if true {"))
    #expect {
      _ = try RouteScaffolder.add(from: "Hoge", to: "Hoge", root: repo.root)
    } throws: { error in
      "\(error)".contains("has no `switch action {`")
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: repo.root.appendingPathComponent(
          "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToHogeRouteTests.swift"
        ).path))
  }

  @Test("a screen declared in another feature's package routes from that package")
  func fromAScreenInAnotherPackage() throws {
    let repo = try fixture()
    defer { repo.remove() }
    // Setup lives in HogeFeature, as SignIn's Setup lives in SignInFeature.
    let folder = "Packages/HogeFeature/Sources/HogeFeature"
    try repo.write(
      "\(folder)/Setup.swift", Self.hoge.replacingOccurrences(of: "Hoge", with: "Setup"))
    try repo.write(
      "\(folder)/SetupView.swift", Self.hogeView.replacingOccurrences(of: "Hoge", with: "Setup"))
    try repo.edit(
      "App/Sources/AppFeature/Screens.swift", replacing: "  case fuga(Fuga)\n",
      with: "  case fuga(Fuga)\n  case setup(Setup)\n")
    let report = try RouteScaffolder.add(from: "Setup", to: "Fuga", root: repo.root)
    #expect(report.contains { $0.contains("Setup.Route.fuga") })
    #expect(try repo.read("\(folder)/Setup.swift").contains("case fuga"))
    #expect(try repo.read("\(folder)/SetupView.swift").contains("\"fuga\""))
    let test = try repo.read(
      "Packages/HogeFeature/Tests/HogeFeatureTests/SetupToFugaRouteTests.swift")
    #expect(test.contains("import HogeFeature\n") && test.contains("Setup.State()"))
  }

  @Test("a state with no defaults is built as the package's tests already build it")
  func stateAsTheTestsBuildIt() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeTests.swift",
      "import Testing\n\n@Test func a() { _ = TestStore(initialState: Hoge.State(name: f(\"Ann\"))) }\n"
    )
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    let test = try repo.read(
      "Packages/HogeFeature/Tests/HogeFeatureTests/HogeToFugaRouteTests.swift")
    #expect(test.contains("TestStore(initialState: Hoge.State(name: f(\"Ann\")))"), "\(test)")
    #expect(
      !FileManager.default.fileExists(
        atPath: repo.root.appendingPathComponent("Packages/SetupFeature").path))
  }

  @Test("the check after the route records a transcript that lists commands, and says so")
  func checkRecordsTranscripts() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let transcript = "Tests/Transcripts/help.expected"
    try repo.write("Tests/Transcripts/help.input", "help\n")
    try repo.write(transcript, "  back  Go back\n")
    // What record mode does when the screen's help gained the route's command.
    let command = "printf '  back  Go back\\n  fuga  Open Fuga\\n' > \(transcript)"
    let report = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root, verify: command)
    #expect(report.first?.hasPrefix("recorded \(transcript) again") == true, "\(report)")
    #expect(try repo.read(transcript) == "  back  Go back\n  fuga  Open Fuga\n")
    #expect(try repo.read(hogeFiles[0]).contains("case fuga"))
  }

  @Test("when the check after the route fails, the route and the transcripts are put back")
  func failedCheckPutsBack() throws {
    let repo = try fixture()
    defer { repo.remove() }
    try repo.write("Tests/Transcripts/help.input", "help\n")
    try repo.write("Tests/Transcripts/help.expected", "  back  Go back\n")
    _ = try GeneratedSources.write(root: repo.root)
    let before = try repo.snapshot()
    #expect {
      try RouteScaffolder.add(
        from: "Hoge", to: "Fuga", root: repo.root,
        verify: "echo changed > Tests/Transcripts/help.expected; exit 1")
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.hasPrefix("the build and tests after adding the route Hoge → Fuga failed")
        && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "a test's type of a screen's name changes nothing the screen gets (Core's tests have a Profile)"
  )
  func sameNameInATest() throws {
    let repo = try fixture()
    defer { repo.remove() }
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    let generated = "App/Sources/AppFeature/Screens.generated.swift"
    let relay = "case .hoge(.delegate(.navigate(let command)))"
    #expect(try repo.read(generated).contains(relay))
    // A reducer of the same name in a test, whose Action has no delegate case.
    try repo.write(
      "Packages/Core/Tests/CoreStoreTests/BindingTests.swift",
      "struct Hoge: Reducer {\n  enum Action: CasePathable, Equatable {\n    case tapped\n  }\n}\n")
    _ = try GeneratedSources.write(root: repo.root)
    #expect(try repo.read(generated).contains(relay))
  }
}
