import CoreTesting
import Testing

/// The preview run as a person runs it: a piped script, its screens, its exit status.
@Suite("SignInPreview")
struct SignInPreviewTests {
  @Test("the preview runs a piped script: a refusal, then what the App would open")
  func pipedScript() async throws {
    let run = try await BuiltExecutable.run("SignInPreview", input: "signin ''\nsignin Ann\nfly\n")
    #expect(run.output.hasPrefix("Sign in\n  Who are you? signin NAME\n> signin ''\n"))
    #expect(run.output.contains("  ! Type a name to sign in with: signin Ann."))
    #expect(run.output.contains("setup(name: \"Ann\")"))
    #expect(run.output.contains("error: line 3: unknown command 'fly'"))
    #expect(run.status == 1)
  }
}
