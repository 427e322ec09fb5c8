import CoreTesting
import EntryFeature
import Foundation
import Testing

@Suite("EntryPreview")
struct EntryPreviewTests {
  @Test("the preview runs a piped script with preview dependencies")
  func pipedScript() async throws {
    let run = try await BuiltExecutable.run("EntryPreview", input: "+\n+\n-\nfly\n")
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
        > fly
        error: line 4: unknown command 'fly' on this screen; type help to see the commands

        """)
    #expect(run.status == 1)
  }

  @Test("a route's command says what the app would open: the preview has no router")
  func routeCommand() async throws {
    let route = Entry.Route.hoge
    let run = try await BuiltExecutable.run("EntryPreview", input: "\(route)\n")
    #expect(run.status == 0)
    #expect(run.output.contains("> \(route)\n(in the app, this would open \(route))\nEntry\n"))
  }

  @Test("a bad option exits with status 2 and a usage line")
  func badOption() async throws {
    let run = try await BuiltExecutable.run("EntryPreview", arguments: ["--nope"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("error: unknown option '--nope'"))
  }
}
