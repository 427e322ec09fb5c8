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
    // The routes the refusal and the help list, in this order.
    #expect(Fuga.Route.allCases == [Fuga.Route.hoge, Fuga.Route.entry])
    let run = try await BuiltExecutable.run(
      "FugaPreview", arguments: ["--keep-going"], input: "popto fuga\npopto entry\nhelp\n")
    #expect(
      run.output.hasPrefix(
        """
        Fuga
          Hello, Preview!
        > popto fuga
        error: line 1: popto goes back to a screen Fuga can name: hoge or entry (got 'fuga')
        > popto entry
        (in the app, this would go back to the nearest entry screen)
        Fuga
          Hello, Preview!
        > help
        Commands on this screen:
          back              Go back one screen
          root              Go back to the first screen
          popto hoge|entry  Go back to the nearest hoge or entry screen
          hoge              Open a new Hoge on top
        """))
    #expect(run.status == 1)
  }
}
