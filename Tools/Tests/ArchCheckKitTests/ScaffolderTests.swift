import ArchCheckKit
import Foundation
import Testing

@Suite("archcheck new-feature")
struct ScaffolderTests {
  @Test(
    "bad names are refused with one line and nothing written",
    arguments: [
      ("piyo", "must start with a capital letter"),
      ("Pi-yo", "letters and digits only"),
      ("Piyo/Evil", "no path separators"),
      ("../Piyo", "no path separators"),
      ("PiyoFeature", "without 'Feature'"),
      ("Core", "is reserved"),
      ("App", "is reserved"),
      ("Default", "is reserved"),
      ("Hoge", "already exists"),
      ("P", "2 to 40 characters"),
      ("", "must start with a capital letter"),
      ("Quit", "would open by the command 'quit', which the demo already has"),
      ("Tab", "would open by the command 'tab', which the demo already has"),
    ])
  func badNames(name: String, reason: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("Packages/HogeFeature/.keep", "")
    let before = try repo.snapshot()
    #expect {
      try FeatureScaffolder.create(name: name, root: repo.root)
    } throws: { error in
      "\(error)".contains(reason)
    }
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "a name whose generated names are taken anywhere in the repo is refused, nothing written",
    arguments: [
      ("Text", "would make TextView, which is already declared in Packages/Core/Sources/CoreUI"),
      ("ItemEdit", "would make ItemEdit, which is already declared in Packages/HogeFeature"),
      ("Fuga", "already exists"),
      ("CoreStore", "would make CoreStore, which is already a module of Packages/Core"),
      ("Core", "is reserved"),
    ])
  func clashingNames(name: String, reason: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("Packages/Core/Sources/CoreUI/TextView.swift", "public protocol TextView {}\n")
    try repo.write(
      "Packages/HogeFeature/Sources/HogeFeature/Edit.swift",
      "public struct Hoge2 {}\npublic struct ItemEdit {}\npublic struct HogeView {}\n")
    try FileManager.default.removeItem(
      at: repo.root.appendingPathComponent("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift"))
    try repo.write("Packages/FugaFeature/.keep", "")
    let before = try repo.snapshot()
    #expect {
      try FeatureScaffolder.create(name: name, root: repo.root)
    } throws: { error in
      "\(error)".contains(reason)
    }
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "a name that clashes ignoring case, or with what the toolchain declares, is refused first",
    arguments: [
      ("HOGE", "would make HOGEFeature, which differs only in case from HogeFeature, a folder"),
      ("PiYo", "would make the screen piYo, and the App already has piyo (Piyo)"),
      ("Bool", "would make Bool, which is already a type of Swift"),
      ("Sendable", "would make Sendable, which is already a protocol of Swift"),
      ("Data", "would make Data, which is already a type of Foundation"),
      ("Observable", "would make Observable, which is already a"),
      ("Main", "SwiftPM takes for a program's entry point"),
      ("Über", "'Ü' is not ASCII"),
      ("NaÏve", "'Ï' is not ASCII"),
    ])
  func caseAndToolchainClashes(name: String, reason: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("Packages/HogeFeature/.keep", "")
    // A screen whose reducer lives in the App, with no package of its own.
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\n/// The screens.\nenum Screens: ScreenList {\n  /// Hoge.\n  case hoge(Hoge)\n  /// Piyo.\n  case piyo(Piyo)\n}\n"
    )
    let before = try repo.snapshot()
    #expect {
      try FeatureScaffolder.create(name: name, root: repo.root)
    } throws: { error in
      "\(error)".contains(reason) && !"\(error)".contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("a private type, a nested one, or a type a test declares, clashes with nothing")
  func privateAndTestTypesDoNotClash() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\n/// The screens.\nenum Screens: ScreenList {\n  /// Hoge.\n  case hoge(Hoge)\n}\n"
    )
    try repo.write(
      "Packages/Core/Sources/CoreDependencies/Storage.swift",
      "@MainActor private struct Profile {}\nfileprivate enum ProfileView {}\n"
        + "struct Throttle {\n  struct ProfileFeature {}\n}\nextension Throttle {\n"
        + "  enum ProfilePreview {}\n}\n")
    try repo.write(
      "Packages/Core/Tests/CoreDependenciesTests/SharedStorageTests.swift",
      "struct Profile {}\nstruct ProfilePreview {}\n")
    _ = try FeatureScaffolder.create(name: "Profile", root: repo.root)
    #expect(
      FileManager.default.fileExists(
        atPath: repo.root.appendingPathComponent("Packages/ProfileFeature/Package.swift").path))
  }

  @Test(
    "names that sort before or after every import, or are long, still pass the lint",
    arguments: [
      "Aardvark", "Bar", "CoreStoreKit", "Zeta", "Zz9", "Abcdefghijklmnopqrstuvwxyzabcdefghijklm",
    ])
  func acceptedNamesPassTheLint(name: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      "import CoreRouting\nimport HogeFeature\n\n/// The screens.\nenum Screens: ScreenList {\n  /// Hoge.\n  case hoge(Hoge)\n}\n"
    )
    try FileManager.default.copyItem(
      at: RepoFiles.file(".swift-format"),
      to: repo.root.appendingPathComponent(".swift-format"))
    _ = try FeatureScaffolder.create(name: name, root: repo.root)
    // What the scaffolder wrote: the package and the App files it edited.
    let lint = try Shell.run([
      "swift", "format", "lint", "--strict", "--recursive",
      repo.root.appendingPathComponent("Packages/\(name)Feature").path,
      repo.root.appendingPathComponent("App/Package.swift").path,
      repo.root.appendingPathComponent("App/Sources/AppFeature/Screens.swift").path,
    ])
    #expect(lint.status == 0, "\(lint.stderr)")
  }

  @Test("the names a screen may not take are exactly the demo's own commands, read from its code")
  func commandWordsMatchTheCode() throws {
    let console = try String(
      contentsOf: RepoFiles.file("Packages/Core/Sources/CoreConsole/ConsoleSession.swift"),
      encoding: .utf8)
    let router = try String(
      contentsOf: RepoFiles.file("App/Sources/AppFeature/AppRouterView.swift"), encoding: .utf8)
    // The console's built-ins: the cases of runBuiltIn. The router's: its TextCommand names.
    let builtIns = console.components(separatedBy: "func runBuiltIn")[1]
      .components(separatedBy: "return .handled")[0]
    let consoleWords = builtIns.matches(of: #/case ((?:"[a-z]+"(?:, )?)+):/#).flatMap {
      $0.output.1.matches(of: #/"([a-z]+)"/#).map { String($0.output.1) }
    }
    let routerWords = router.matches(of: #/TextCommand\(\s*"([a-z]+)"/#).map {
      String($0.output.1)
    }
    #expect(consoleWords.contains("quit"))
    #expect(routerWords.contains("signout"))
    #expect(Set(consoleWords + routerWords) == FeatureName.commandWords)
  }

  @Test("an App manifest that lists no feature packages is refused and nothing is written")
  func missingInsertionPoint() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    for feature in ["FugaFeature", "HogeFeature"] {
      try repo.edit(
        "App/Package.swift", replacing: "    .package(path: \"../Packages/\(feature)\"),\n",
        with: "")
    }
    let before = try repo.snapshot()
    #expect(throws: ArchCheckError.self) {
      try FeatureScaffolder.create(name: "Piyo", root: repo.root)
    }
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "with insertion points, the package is created and the App wired; missing source markers are printed"
  )
  func createsAndWires() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write("App/Sources/AppFeature/AppRouter.swift", "import CoreStore\n")
    let result = try FeatureScaffolder.create(name: "Piyo", root: repo.root)
    let manifest = try repo.read("App/Package.swift")
    #expect(
      manifest.contains(
        "    .package(path: \"../Packages/HogeFeature\"),\n    .package(path: \"../Packages/PiyoFeature\"),\n"
      ))
    #expect(
      manifest.contains("        .product(name: \"PiyoFeature\", package: \"PiyoFeature\"),\n"))
    for file in [
      "Package.swift", "Sources/PiyoFeature/Piyo.swift",
      "Sources/PiyoFeature/PiyoView.swift",
      "Sources/PiyoPreview/main.swift", "Tests/PiyoFeatureTests/PiyoFeatureTests.swift",
      "Tests/PiyoFeatureTests/PiyoPreviewTests.swift",
    ] {
      #expect(
        FileManager.default.fileExists(
          atPath: repo.root.appendingPathComponent("Packages/PiyoFeature/\(file)").path))
    }
    #expect(
      result.report.contains("These App files have no insertion point; make these edits by hand:"))
    #expect(result.report.contains { $0.contains("case piyo(Piyo)") })
    // The documented next command, as CONTRIBUTING.md gives it.
    #expect(result.report.last?.hasPrefix("Next: make route FROM=") == true)
    #expect(result.report.last?.contains(" TO=Piyo ") == true)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: repo.root.appendingPathComponent("Packages").path)
    #expect(leftovers.sorted() == ["Core", "FugaFeature", "HogeFeature", "PiyoFeature"])
    let violations = try repo.verify().filter { $0.path != GraphDocument.path }
    #expect(violations == [])
  }

  @Test("the screen list gains the new screen's line and import; its Path case is generated")
  func addsToTheScreenList() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    try repo.write(
      "App/Sources/AppFeature/Screens.swift",
      """
      import CoreRouting
      import HogeFeature

      extension Router {
        /// The screens.
        public enum Screens: ScreenList {
          /// Hoge.
          case hoge(Hoge)
        }
      }

      """)
    _ = try FeatureScaffolder.create(name: "Piyo", root: repo.root)
    let list = try repo.read("App/Sources/AppFeature/Screens.swift")
    #expect(list.contains("import HogeFeature\nimport PiyoFeature\n"))
    #expect(
      list.contains(
        "    case hoge(Hoge)\n    /// Piyo (PiyoFeature): pushed when a feature asks for `.piyo`.\n    case piyo(Piyo)\n  }\n}"
      ))
    let generated = try repo.read("App/Sources/AppFeature/Screens.generated.swift")
    #expect(generated.contains("    case piyo(Piyo.State)"))
    #expect(generated.contains("Scope(state: \\.piyo, action: \\.piyo) { Piyo() }"))
    #expect(
      generated.contains(
        "    case .piyo: PiyoView(store: store.scope(state: \\.piyo, action: \\.piyo)!)"))
    #expect(!generated.contains("CaseScope"))

    #expect(try repo.verify().filter { $0.path != GraphDocument.path } == [])
  }
}
