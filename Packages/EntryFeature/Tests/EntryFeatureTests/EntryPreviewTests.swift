import CoreTesting
import Foundation
import Testing

@Suite("EntryPreview")
struct EntryPreviewTests {
  @Test("the preview runs a piped script with preview dependencies")
  func pipedScript() async throws {
    let run = try await BuiltExecutable.run("EntryPreview", input: "+\n+\n-\nhoge\nfly\n")
    #expect(
      run.output == """
        Entry
          Count: 0
          [panel built by another feature; the App provides it]
        > +
        Entry
          Count: 1
          [panel built by another feature; the App provides it]
        > +
        Entry
          Count: 2
          [panel built by another feature; the App provides it]
        > -
        Entry
          Count: 1
          [panel built by another feature; the App provides it]
        > hoge
        (in the app, this would open hoge)
        Entry
          Count: 1
          [panel built by another feature; the App provides it]
        > fly
        error: line 5: unknown command 'fly' on this screen; type help to see the commands

        """)
    #expect(run.status == 1)
  }

  @Test("a bad option exits with status 2 and a usage line")
  func badOption() async throws {
    let run = try await BuiltExecutable.run("EntryPreview", arguments: ["--nope"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("error: unknown option '--nope'"))
  }
}
