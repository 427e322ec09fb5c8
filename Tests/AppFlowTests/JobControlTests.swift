import CoreTesting
import Foundation
import Testing

/// Ctrl-Z and `fg` as a person uses them: the demo run from an interactive shell on a terminal
/// of its own (a session whose controlling terminal it is, so the shell does job control).
/// Stopped, the demo leaves the terminal as the shell needs it; continued with `fg`, it takes
/// raw mode again and reads keys.
@Suite("Job control at a terminal")
struct JobControlTests {
  /// `dash`: a shell without a line editor of its own, so the terminal's settings while the
  /// demo is stopped are the ones the demo left.
  private static let shell = "/bin/dash"

  @Test(
    "Ctrl-Z or SIGTSTP stops the demo with the terminal restored; fg brings raw mode back",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: shell)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/env")),
    arguments: ["key", "signal"])
  func suspendAndContinue(how: String) async throws {
    let demo = try DemoEndToEndTests.demoPath.get()
    // A prompt of its own, whoever runs the test (root's is "# ", another user's "$ ").
    let shell = try RunningDemo(
      "/usr/bin/env",
      arguments: ["PS1=shell> ", "/usr/bin/setsid", "--ctty", "--wait", Self.shell, "-i"],
      terminal: true)
    defer { shell.signal(SIGKILL) }
    #expect(try await shell.waitForOutput(containing: "shell> "))
    shell.type("\(demo) --in-memory\n")
    #expect(try await shell.waitForOutput(containing: "Who are you?"))
    let pid = try #require(await Self.child(named: "demo", of: shell.process.processIdentifier))
    #expect(await Self.waitUntil { Self.isRaw(shell) })
    if how == "key" { shell.type("\u{1A}") } else { kill(pid, SIGTSTP) }
    #expect(await Self.waitUntil { Self.state(of: pid) == "T" }, "the demo did not stop")
    #expect(!Self.isRaw(shell), "the terminal was left raw while the demo is stopped")
    shell.type("fg\n")
    #expect(await Self.waitUntil { Self.state(of: pid) != "T" && Self.isRaw(shell) })
    shell.type("signin Ann\r")
    #expect(try await shell.waitForOutput(containing: "Setup"))
    shell.type("quit\r")
    #expect(await Self.waitUntil { Self.state(of: pid) == nil || Self.state(of: pid) == "Z" })
  }

  private static func isRaw(_ running: RunningDemo) -> Bool {
    guard let settings = running.terminalSettings else { return false }
    return settings.c_lflag & tcflag_t(ICANON) == 0
  }

  /// The state letter of a process (`S`, `T` stopped, `Z`), from `/proc/PID/stat`; nil once
  /// it is gone.
  private static func state(of pid: Int32) -> Character? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.range(of: ") ", options: .backwards)
    else { return nil }
    return text[end.upperBound...].first
  }

  /// The pid of a process descended from `ancestor` whose command is `name`, once there is
  /// one (`setsid` may fork before the shell starts).
  private static func child(named name: String, of ancestor: Int32) async -> Int32? {
    var found: Int32?
    _ = await waitUntil {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = Int32(entry), command(of: pid).map(String.init) == name else { continue }
        var next = parent(of: pid)
        while let current = next, current > 1 {
          if current == ancestor {
            found = pid
            return true
          }
          next = parent(of: current)
        }
      }
      return false
    }
    return found
  }

  /// The command (`comm`) and parent of a process, from `/proc/PID/stat`.
  private static func stat(of pid: Int32) -> (command: Substring, parent: Int32?)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = text.firstIndex(of: "("), let close = text.range(of: ") ", options: .backwards)
    else { return nil }
    let fields = text[close.upperBound...].split(separator: " ")
    return (
      text[text.index(after: open)..<close.lowerBound], fields.count > 1 ? Int32(fields[1]) : nil
    )
  }

  private static func command(of pid: Int32) -> Substring? { stat(of: pid)?.command }
  private static func parent(of pid: Int32) -> Int32? { stat(of: pid)?.parent }

  /// Waits until `condition` holds; false only after a deadline a hang alone reaches.
  private static func waitUntil(_ condition: () -> Bool) async -> Bool {
    await eventually(condition)
  }
}
