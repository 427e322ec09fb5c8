import Foundation
import Testing

@testable import ArchCheckKit

/// `make rename-feature FROM=Fuga TO=Bar` on RemoveFeatureTests' fixture (Hoge, in the gate's
/// package, routes to Fuga; both are tabs): the package and the names its declarations give
/// are renamed wherever code uses them, strings and comments only beside that code, and
/// renaming back restores every byte. A refusal writes nothing.
@Suite("make rename-feature")
struct RenameFeatureTests {
  /// The fixture, with the route from Hoge to Fuga as `make route` writes it.
  private func fixture() throws -> FixtureRepo {
    let repo = try RemoveFeatureTests.fixture()
    _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
    _ = try ArchCheck.generate(root: repo.root)
    return repo
  }

  private func exists(_ path: String, in repo: FixtureRepo) -> Bool {
    FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(path).path)
  }

  @Test("the package, its types, screen case, routes and actions take the new name")
  func renamesWhatTheDeclarationsName() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let report = try FeatureRenamer.rename(from: "Fuga", to: "Bar", root: repo.root, dryRun: false)
    #expect(report.first?.hasPrefix("rename Packages/FugaFeature to Packages/BarFeature") == true)
    #expect(!exists("Packages/FugaFeature", in: repo))
    let bar = try repo.read("Packages/BarFeature/Sources/BarFeature/Bar.swift")
    #expect(bar.contains("public struct Bar {"))
    let screens = try repo.read("App/Sources/AppFeature/Screens.swift")
    #expect(screens.contains("import BarFeature"))
    #expect(screens.contains("/// Bar: a screen Hoge opens.\n  case bar(Bar)"))
    #expect(screens.contains("/// Bar's tab.\n  case bar\n"))
    let hoge = try repo.read("Packages/HogeFeature/Sources/HogeFeature/Hoge.swift")
    #expect(hoge.contains("case bar") && hoge.contains("barTapped") && !hoge.contains("fuga"))
    let view = try repo.read("Packages/HogeFeature/Sources/HogeFeature/HogeView.swift")
    #expect(view.contains(#"TextCommand("bar""#) && !view.contains("fuga"))
    #expect(try repo.read("App/Package.swift").contains(#""BarFeature""#))
    // A string in code that does not use the feature keeps its words; code that does is
    // renamed with the strings and comments beside it.
    let tests = try repo.read("Packages/HogeFeature/Tests/HogeFeatureTests/HogeFeatureTests.swift")
    #expect(tests.contains(#"#expect(Self.send("signin Ann\nfuga\n"))"#))
    #expect(tests.contains("func opensFuga(count: Int)"), "a name no declaration gives stays")
    #expect(tests.contains("Bar.State() != nil") && tests.contains("Hoge.Route.bar"))
    #expect(try repo.read("Tests/Transcripts/fuga-visit.input") == "signin Ann\nbar\n")
    #expect(try repo.read("Tests/Transcripts/counter.input") == "signin Ann\n+\nfuga\n")
    #expect(!exists(EditJournal.path, in: repo))
  }

  @Test("renaming back restores every byte", arguments: [("Fuga", "Bar"), ("Hoge", "Profile")])
  func renameAndBack(from: String, to: String) throws {
    let repo = try fixture()
    defer { repo.remove() }
    let before = try repo.snapshot()
    _ = try FeatureRenamer.rename(from: from, to: to, root: repo.root, dryRun: false)
    #expect(try repo.snapshot() != before)
    _ = try FeatureRenamer.rename(from: to, to: from, root: repo.root, dryRun: false)
    let after = try repo.snapshot()
    let differs = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    #expect(differs.isEmpty, "\(differs.sorted())")
  }

  @Test("a line the longer name wraps is one line again once renamed back, in this checkout")
  func wrappedLineComesBack() throws {
    let repo = try fixture()
    defer { repo.remove() }
    // Formatted as swift-format leaves it; with Barbazquux for Fuga the line passes 100.
    let long = """
      import FugaFeature
      import Testing

      struct LongTests {
        @Test func long() {
          #expect(Fuga.State() != nil && Fuga.State() != nil && Fuga.State() != nil && 1 != 2)
        }
      }

      """
    try repo.write("Tests/AppFlowTests/LongTests.swift", long)
    let before = try repo.snapshot()
    _ = try FeatureRenamer.rename(from: "Fuga", to: "Barbazquux", root: repo.root, dryRun: false)
    let renamed = try repo.read("Tests/AppFlowTests/LongTests.swift")
    #expect(renamed.contains("    #expect(\n      Barbazquux.State() != nil"), "\(renamed)")
    _ = try FeatureRenamer.rename(from: "Barbazquux", to: "Fuga", root: repo.root, dryRun: false)
    #expect(try repo.read("Tests/AppFlowTests/LongTests.swift") == long)
    let after = try repo.snapshot().filter { !$0.key.contains(RenameLayouts.path) }
    #expect(after == before)
  }

  @Test("DRY_RUN lists what would change and writes nothing")
  func dryRun() throws {
    let repo = try fixture()
    defer { repo.remove() }
    let before = try repo.snapshot()
    let report = try FeatureRenamer.rename(from: "Fuga", to: "Bar", root: repo.root, dryRun: true)
    #expect(
      report.first?.hasPrefix("would rename Packages/FugaFeature to Packages/BarFeature") == true)
    #expect(report.contains("would update App/Sources/AppFeature/Screens.swift"))
    #expect(report.contains("would update Tests/Transcripts/fuga-visit.input"))
    #expect(report.last == "DRY_RUN=1: nothing was changed.")
    #expect(try repo.snapshot() == before)
  }

  @Test(
    "refusals are one line, say what to do, and write nothing",
    arguments: [
      ("Piyo", "Bar", "names no feature package under Packages/; name one of Fuga, Hoge"),
      ("../Core", "Bar", "names no feature package"),
      ("Fuga", "Fuga", "Fuga is already called Fuga"),
      ("Fuga", "Hoge", "would make HogeFeature, which is already"),
      ("Fuga", "HOGE", "differs only in case from HogeFeature"),
      ("Fuga", "bar", "must start with a capital letter"),
      ("Fuga", "Bool", "Bool"),
      ("Fuga", "`touch pwned`", "is not a feature name"),
      ("Fuga", "Record", "already says record, which renaming back would take along"),
      ("Fuga", "Palette", "already says Palette"),
    ])
  func refusals(from: String, to: String, reason: String) throws {
    let repo = try fixture()
    defer { repo.remove() }
    let before = try repo.snapshot()
    #expect {
      try FeatureRenamer.rename(from: from, to: to, root: repo.root, dryRun: false)
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.contains(reason) && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }

  @Test("a word is whole: escapes end it, and a longer word of the same start is another")
  func wholeWords() {
    let renames = WordRenames(map: ["fuga": "bar", "Fuga": "Bar"])
    #expect(renames.apply(to: #""signin\nfuga\tfuga""#) == #""signin\nbar\tbar""#)
    #expect(
      renames.apply(to: "fugas Fuga_x FugaFuga .fuga(Fuga)") == "fugas Fuga_x FugaFuga .bar(Bar)")
    #expect(RenamedNames.renamed("FugaView", from: "Fuga", to: "Bar") == "BarView")
    #expect(RenamedNames.renamed("fugaTapped", from: "Fuga", to: "Bar") == "barTapped")
    #expect(RenamedNames.renamed("Fugaku", from: "Fuga", to: "Bar") == nil)
  }
}
