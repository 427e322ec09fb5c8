import Foundation
import Testing

@testable import ArchCheckKit

/// The editing commands edit line by line on "\n", which a Windows line ending ("\r\n", one
/// Swift Character) hides: a file saved with CRLF is refused before anything is written, with
/// the file named and the way to convert it. Before the guard, `make feature` on a CRLF
/// `App/Package.swift` wrote its lines above the manifest's first line and exited 0.
@Suite("line endings the editing commands refuse")
struct LineEndingsTests {
  @Test(
    "a carriage return followed by a line feed is CRLF; a lone one is not",
    arguments: [
      ("a\r\nb", true), ("a\nb\r\n", true), ("\r\n", true), ("a\nb\n", false), ("a\rb\n", false),
      ("a\n\rb", false), ("", false),
    ])
  func detection(text: String, crlf: Bool) {
    #expect(LineEndings.hasCRLF(Data(text.utf8)) == crlf)
  }

  @Test("only the files the commands edit count: not Core's, not a build folder's")
  func scope() throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    #expect(LineEndings.filesWithCRLF(root: repo.root).isEmpty)
    try repo.write("Packages/Core/Sources/CoreStore/Windows.swift", "let a = 1\r\n")
    try repo.write("App/.build/debug/Generated.swift", "let a = 1\r\n")
    try repo.write("App/Sources/AppFeature/Notes.txt", "not Swift\r\n")
    #expect(LineEndings.filesWithCRLF(root: repo.root).isEmpty)

    try repo.write("Packages/HogeFeature/Sources/HogeFeature/Windows.swift", "let a = 1\r\n")
    try repo.write("Package.swift", "// the root workspace\r\n")
    #expect(
      LineEndings.filesWithCRLF(root: repo.root) == [
        "Package.swift", "Packages/HogeFeature/Sources/HogeFeature/Windows.swift",
      ])
  }

  @Test(
    "make feature, make route and make remove-feature refuse a CRLF file in one line, writing nothing",
    arguments: ["feature", "route", "remove-feature"])
  func refused(command: String) throws {
    let repo = try FixtureRepo()
    defer { repo.remove() }
    let manifest = try repo.read("App/Package.swift")
    try repo.write("App/Package.swift", manifest.replacingOccurrences(of: "\n", with: "\r\n"))
    let before = try repo.snapshot()
    #expect {
      switch command {
      case "feature": _ = try FeatureScaffolder.create(name: "Piyo", root: repo.root)
      case "route": _ = try RouteScaffolder.add(from: "Hoge", to: "Fuga", root: repo.root)
      default: _ = try FeatureRemover.remove(name: "Fuga", root: repo.root, dryRun: false)
      }
    } throws: { error in
      let message = (error as? ArchCheckError)?.description ?? ""
      return message.hasPrefix("App/Package.swift has Windows line endings (CRLF)")
        && message.contains("make \(command)") && message.contains("perl -pi -e")
        && message.hasSuffix("nothing was changed") && !message.contains("\n")
    }
    #expect(try repo.snapshot() == before)
  }
}
