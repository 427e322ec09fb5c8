import CoreTesting
import FugaFeature
import Testing

@Suite("FugaPreview")
struct FugaPreviewTests {
  @Test("back on the preview's first screen says what the App would do, not a dismiss warning")
  func backAtThePreviewsRoot() async throws {
    let run = try await BuiltExecutable.run("FugaPreview", arguments: [], input: "back\nroot\n")
    #expect(
      run.output.contains(
        "> back\n(this is the preview's first screen: in the app, this would close it)\nFuga\n"),
      "\(run.output)")
    #expect(run.output.contains("> root\n(in the app, this would go back to the first screen)\n"))
    #expect(!run.output.contains("dismiss()"))
    #expect(!run.error.contains("dismiss()"), "\(run.error)")
    #expect(run.status == 0)
  }

  @Test("the preview shows its sample name and refuses a popto it cannot do")
  func pipedScript() async throws {
    // The screens popto names are Fuga's routes, whichever make route and make remove-feature
    // left; the last one is the one the script goes back to.
    let routes = Fuga.Route.allCases.map { "\($0)" }
    let last = try #require(routes.last)
    let run = try await BuiltExecutable.run(
      "FugaPreview", arguments: ["--keep-going"], input: "popto fuga\npopto \(last)\nhelp\n")
    #expect(
      run.output.hasPrefix(
        """
        Fuga
          Hello, Preview!
        > popto fuga
        error: line 1: popto goes back to a screen Fuga can name: \(routes.joined(separator: " or ")) (got 'fuga')
        > popto \(last)
        (in the app, this would go back to the nearest \(last) screen)
        Fuga
          Hello, Preview!
        > help
        Commands on this screen:

        """))
    // The help: a command per line, its words padded to one column, then what it does.
    let help = run.output.components(separatedBy: "Commands on this screen:\n").last ?? ""
    let commands = help.split(separator: "\n").prefix(3).map { line -> [String] in
      let text = line.dropFirst(2)
      guard let gap = text.range(of: "  ") else { return [String(text)] }
      return [
        String(text[..<gap.lowerBound]),
        text[gap.upperBound...].trimmingCharacters(in: .whitespaces),
      ]
    }
    #expect(
      commands == [
        ["back", "Go back one screen"], ["root", "Go back to the first screen"],
        [
          "popto \(routes.joined(separator: "|"))",
          "Go back to the nearest \(routes.joined(separator: " or ")) screen",
        ],
      ])
    #expect(run.status == 1)
  }
}
