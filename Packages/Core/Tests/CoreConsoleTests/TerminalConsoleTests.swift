import CoreTesting
import Foundation
import Testing

@testable import CoreConsole

/// The console on a pseudo-terminal this test opened, as a person at a terminal uses it: what
/// the screen shows, not which bytes were written.
@MainActor
@Suite("Terminal console", .serialized)
struct TerminalConsoleTests {
  /// A console on `Tally` whose save waits for `gate`, running on a new pseudo-terminal.
  private struct Running {
    let pty: PseudoTerminal
    let terminal: TerminalConsole
    let run: Task<ConsoleExit, Never>
    let before: termios

    /// Waits for the screen `isMet` describes; records the screen when it never comes.
    func waitFor(
      _ isMet: @escaping @Sendable (TerminalScreen) -> Bool,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      let met = await pty.waitForScreen(within: .seconds(120), until: isMet)
      #expect(met, "\(pty.screen)\n\(pty.output.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  private func start(gate: TestGate, columns: Int = 80) throws -> Running {
    let pty = try PseudoTerminal(columns: columns, rows: 24)
    let before = pty.settings
    let terminal = try #require(
      TerminalConsole.open(
        input: pty.follower, output: pty.follower, routesStandardStreams: false))
    let console = Console(initialState: Tally.State()) {
      Tally(gate: gate)
    } view: {
      TallyView(store: $0)
    }
    var options = ConsoleOptions(mode: .interactive)
    options.settleTime = .zero
    let run = Task {
      await console.run(input: .terminal(terminal), output: .terminal(terminal), options: options)
    }
    return Running(pty: pty, terminal: terminal, run: run, before: before)
  }

  private func finish(_ running: Running) async -> ConsoleExit {
    // Ctrl-E and Ctrl-U first: whatever is on the line goes, so the line is `quit` alone.
    running.pty.type("\u{5}\u{15}quit\r")
    let exit = await running.run.value
    running.terminal.close()
    running.pty.release()
    return exit
  }

  @Test("an effect's change is drawn in place while the person types; their line stays last")
  func redrawInPlace() async throws {
    let gate = TestGate()
    let running = try start(gate: gate)
    await running.waitFor { $0.cursorLine == "> " }
    running.pty.type("save\r")
    await running.waitFor { $0.lines.suffix(2) == ["Tally: 0", "> "] }
    running.pty.type("ab")
    await running.waitFor { $0.cursorLine == "> ab" }
    gate.open()
    await running.waitFor { $0.lines.contains("(saved)") }
    let screen = running.pty.screen
    #expect(screen.lines == ["Tally: 0", "> save", "Tally: 0", "(saved)", "> ab"], "\(screen)")
    #expect(screen.cursor.column == 4)
    #expect(await finish(running) == .quit)
  }

  @Test("a line printed while the person types lands above the prompt, which keeps their text")
  func printedAboveThePrompt() async throws {
    let running = try start(gate: TestGate())
    running.pty.type("a日b")
    await running.waitFor { $0.cursorLine == "> a日b" }
    running.pty.type("\u{1B}[D")
    await running.waitFor { $0.cursor.column == 5 }
    running.terminal.write("log: Hoge closed\n")
    await running.waitFor { $0.lines.contains("log: Hoge closed") }
    let screen = running.pty.screen
    #expect(screen.lines.suffix(2) == ["log: Hoge closed", "> a日b"], "\(screen)")
    #expect(screen.cursor.column == 5)
    #expect(await finish(running) == .quit)
  }

  @Test("Ctrl-D on an empty line ends the input, and the terminal gets its settings back")
  func endOfInputRestores() async throws {
    let running = try start(gate: TestGate())
    #expect(running.pty.settings.c_lflag & tcflag_t(ICANON) == 0)
    await running.waitFor { $0.cursorLine == "> " }
    running.pty.type("\u{4}")
    #expect(await running.run.value == .endOfInput)
    running.terminal.close()
    running.pty.release()
    let after = running.pty.settings
    #expect(after.c_lflag == running.before.c_lflag)
    #expect(after.c_iflag == running.before.c_iflag)
  }

  @Test("Tab completes a command and lists the values of an argument")
  func completion() async throws {
    let running = try start(gate: TestGate())
    await running.waitFor { $0.cursorLine == "> " }
    running.pty.type("tr\t")
    await running.waitFor { $0.cursorLine == "> trace " }
    // Both values start with o: Tab adds it, and a second Tab lists them.
    running.pty.type("\t")
    await running.waitFor { $0.cursorLine == "> trace o" }
    running.pty.type("\t")
    await running.waitFor { $0.lines.suffix(2) == ["on  off", "> trace o"] }
    running.pty.type("n\r")
    await running.waitFor { $0.lines.contains("trace on") }
    #expect(await finish(running) == .quit)
  }
}
