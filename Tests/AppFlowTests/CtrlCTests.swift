import Foundation
import Testing

/// Ctrl-C typed at a real terminal, with the demo started by a program in its own process
/// group, as `make run` starts it: the terminal signals its whole foreground group, so
/// unless the demo takes the terminal for itself, the parent gets SIGINT too (and make
/// prints "Interrupt" over the demo's last words).
@Suite("Ctrl-C at a terminal")
struct CtrlCTests {
  /// util-linux's `setsid --ctty --wait` makes the pseudo-terminal the session's controlling
  /// terminal, as a terminal emulator does.
  static let setsid = "/usr/bin/setsid"

  @Test(
    "Ctrl-C under a parent in the same group reaches the demo alone; the parent goes on",
    .enabled(if: FileManager.default.isExecutableFile(atPath: setsid)))
  func ctrlCReachesTheDemoAlone() async throws {
    let demo = try DemoEndToEndTests.demoPath.get()
    // A parent like make: a shell that runs the demo in its own process group and reports
    // a SIGINT of its own if it gets one.
    let parent = """
      trap 'echo "the parent got SIGINT"' INT
      "$0" --in-memory
      echo "the demo ended with $?; the parent goes on"
      """
    let running = try RunningDemo(
      Self.setsid, arguments: ["--ctty", "--wait", "/bin/sh", "-c", parent, demo],
      terminal: true)
    #expect(try await running.waitForOutput(containing: "Who are you?"))
    running.type("\u{3}")
    #expect(await running.exitStatus() == 0, "\(running.output.suffix(500))")
    #expect(running.output.contains("(interrupted; every change is saved)"))
    #expect(running.output.contains("the demo ended with 130; the parent goes on"))
    #expect(!running.output.contains("the parent got SIGINT"), "\(running.output.suffix(500))")
  }

  @Test(
    "the terminal is the parent's again after the demo ends: it can read what is typed next",
    .enabled(if: FileManager.default.isExecutableFile(atPath: setsid)))
  func terminalHandedBack() async throws {
    let demo = try DemoEndToEndTests.demoPath.get()
    let parent = """
      "$0" --in-memory
      echo "the demo ended"
      read line && echo "the parent read: $line"
      """
    let running = try RunningDemo(
      Self.setsid, arguments: ["--ctty", "--wait", "/bin/sh", "-c", parent, demo],
      terminal: true)
    #expect(try await running.waitForOutput(containing: "Who are you?"))
    running.type("quit\n")
    #expect(try await running.waitForOutput(containing: "the demo ended"))
    // A shell that reads a terminal it does not hold is stopped (SIGTTIN) and never ends.
    running.type("hello\n")
    #expect(await running.exitStatus(within: .seconds(120)) == 0, "\(running.output.suffix(500))")
    #expect(running.output.contains("the parent read: hello"))
  }
}
