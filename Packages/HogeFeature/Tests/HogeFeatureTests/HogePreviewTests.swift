import CoreTesting
import Testing

@Suite("HogePreview")
struct HogePreviewTests {
  @Test("the preview runs a piped script: names, refusals and a request for Fuga")
  func pipedScript() async throws {
    let run = try await BuiltExecutable.run(
      "HogePreview", arguments: ["--trace"], input: "fuga\nname \"Ann Lee\"\nfuga\nname\n")
    #expect(
      run.output == """
        Hoge
          Name: (none yet)
        > fuga
        action: .fugaTapped
          - Hoge.State(name: "", message: nil)
          + Hoge.State(name: "", message: "Type a name first: name \\"Ann\\".")
        Hoge
          Name: (none yet)
          ! Type a name first: name "Ann".
        > name "Ann Lee"
        action: .binding(.set(\\State.name, "Ann Lee"))
          - Hoge.State(name: "", message: "Type a name first: name \\"Ann\\".")
          + Hoge.State(name: "Ann Lee", message: nil)
        Hoge
          Name: Ann Lee
        > fuga
        action: .fugaTapped
          (no state change)
        (in the app, this would open fuga(name: "Ann Lee"))
        action: .delegate(.navigate(.push(.fuga(name: "Ann Lee"))))
          (no state change)
        Hoge
          Name: Ann Lee
        > name
        error: line 4: 'name' needs text; usage: name text

        """)
    #expect(run.status == 1)
  }
}
