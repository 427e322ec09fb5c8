import CoreTesting
import Testing

@Suite("FugaPreview")
struct FugaPreviewTests {
  @Test("the preview shows its sample name and refuses a popto it cannot do")
  func pipedScript() throws {
    let run = try BuiltExecutable.run(
      "FugaPreview", arguments: ["--keep-going"], input: "popto fuga\npopto entry\nhelp\n")
    #expect(
      run.output.hasPrefix(
        """
        Fuga
          Hello, Preview!
        > popto fuga
        error: line 1: popto goes back to a screen Fuga can name: hoge or entry (got 'fuga')
        > popto entry
        Fuga
          Hello, Preview!
        > help
        Commands on this screen:
          back          Go back one screen
          root          Go back to the first screen
          popto screen  Go back to the nearest hoge or entry screen
          hoge          Open a new Hoge on top
        """))
    #expect(run.status == 1)
  }
}
