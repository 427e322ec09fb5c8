import CoreTesting
import HogeFeature
import Testing

@Suite("HogePreview")
struct HogePreviewTests {
  @Test("the preview runs a piped script: a name, and a refusal")
  func pipedScript() async throws {
    let run = try await BuiltExecutable.run(
      "HogePreview", arguments: ["--trace"], input: "name \"Ann Lee\"\nname\n")
    #expect(
      run.output == """
        Hoge
          Name: (none yet)
        > name "Ann Lee"
        action: .binding(.set(\\State.name, "Ann Lee"))
          - Hoge.State(name: "", message: nil)
          + Hoge.State(name: "Ann Lee", message: nil)
        Hoge
          Name: Ann Lee
        > name
        error: line 2: 'name' needs text; usage: name text

        """)
    #expect(run.status == 1)
  }

  @Test("a request for Fuga asks for a name first, then says what the app would open")
  func requestForFuga() async throws {
    let route = Hoge.Route.fuga(name: "Ann Lee")
    let run = try await BuiltExecutable.run(
      "HogePreview", arguments: ["--trace"], input: "fuga\nname \"Ann Lee\"\nfuga\n")
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
        (in the app, this would open \(route))
        action: .delegate(.navigate(.push(.\(route))))
          (no state change)
        Hoge
          Name: Ann Lee

        """)
    #expect(run.status == 0)
  }
}
