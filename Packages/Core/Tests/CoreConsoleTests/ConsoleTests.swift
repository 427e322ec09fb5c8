import CoreConsole
import CoreStore
import CoreTesting
import CoreUI
import Foundation
import Testing

@MainActor
@Suite("Console")
struct ConsoleTests {
  @Test("script mode echoes each command and shows the screen when it changes")
  func scriptTranscript() async {
    let (transcript, exit) = await runTally(["+", "add 2", "# a comment", "", "note \"hi there\""])
    #expect(
      transcript == """
        Tally: 0
        > +
        Tally: 1
        > add 2
        Tally: 3
        > # a comment
        > note "hi there"
        Tally: 3
        Note: hi there

        """)
    #expect(exit == .endOfInput)
    #expect(exit.status == 0)
  }

  @Test("script mode waits for effects before the next line, so output is reproducible")
  func waitsForEffects() async {
    let (transcript, _) = await runTally(["save", "+"])
    #expect(transcript.contains("> save\nTally: 0\n(saved)\n> +\nTally: 1\n(saved)\n"))
  }

  @Test("the first failing script line stops the run with its number and status 1")
  func firstFailureStops() async {
    let (transcript, exit) = await runTally(["+", "fly", "+"])
    #expect(
      transcript.hasSuffix(
        "> fly\nerror: line 2: unknown command 'fly' on this screen; type help to see the commands\n"
      ))
    #expect(exit == .failed(line: 2))
    #expect(exit.status == 1)
  }

  @Test("keep going runs every line but still reports the first failure")
  func keepGoing() async {
    let (transcript, exit) = await runTally(["add x", "add", "add 1 2", "+"], keepGoing: true)
    #expect(transcript.contains("error: line 1: N must be a whole number, got 'x'; usage: add N"))
    #expect(transcript.contains("error: line 2: 'add' needs N; usage: add N"))
    #expect(transcript.contains("error: line 3: 'add' takes 1 argument, got 2"))
    #expect(transcript.hasSuffix("> +\nTally: 1\n"))
    #expect(exit == .failed(line: 1))
  }

  @Test("quit ends the run with status 0 and ignores the rest")
  func quitEnds() async {
    let (transcript, exit) = await runTally(["+", "quit", "+"])
    #expect(exit == .quit)
    #expect(transcript.hasSuffix("> quit\n"))
  }

  @Test("a command that cannot work on a screen answers when typed but help does not offer it")
  func unlistedCommand() async {
    let (transcript, _) = await runTally(["help", "undo"], keepGoing: true)
    #expect(!transcript.contains("  undo"))
    #expect(transcript.contains("error: line 2: there is nothing to undo on a tally"))
  }

  @Test("help lists this screen's commands and the built-ins")
  func help() async {
    let (transcript, _) = await runTally(["help"])
    #expect(transcript.contains("Commands on this screen:\n  +             Add one\n"))
    #expect(transcript.contains("  add N         Add N\n"))
    #expect(transcript.contains("  note [text]   Set or clear the note\n"))
    #expect(transcript.contains("Always available:\n  help "))
  }

  @Test("state dumps the whole state; show redraws the screen")
  func stateAndShow() async {
    let (transcript, _) = await runTally(["+", "state", "show"])
    #expect(transcript.contains(#"> state\#nTally.State(count: 1, note: "", saved: false)\#n"#))
    #expect(transcript.hasSuffix("> show\nTally: 1\n"))
  }

  @Test("trace on prints each action and its state diff; trace off stops it")
  func trace() async {
    let (transcript, _) = await runTally(["trace on", "+", "trace off", "+", "trace maybe"])
    #expect(transcript.contains("> +\naction: .add(1)\n  - Tally.State(count: 0"))
    #expect(!transcript.contains("action: .add(1)\n  - Tally.State(count: 1"))
    #expect(transcript.contains("error: line 5: usage: trace on|off"))
  }

  @Test("malformed quotes, invalid UTF-8 and over-long lines get one-line errors")
  func badInput() async {
    let console = Console(initialState: Tally.State()) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
    var options = ConsoleOptions(mode: .script)
    options.keepGoing = true
    let output = ConsoleOutput.buffer()
    let bytes =
      Array("note \"open\n".utf8) + [0xC3, 0x28, 0x0A]
      + Array(String(repeating: "a", count: 1_048_576).utf8) + [0x0A] + Array("+\n".utf8)
    let exit = await console.run(
      input: .bytes(bytes, maximumLineLength: options.maximumLineLength), output: output,
      options: options)
    let errors = output.text.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(errors.count == 3)
    #expect(errors[0].contains("line 1: the \" opened at column 6 is never closed"))
    #expect(errors[1].contains("line 2: the line is not valid UTF-8 text"))
    #expect(errors[2].contains("line 3: the line is longer than the 4096-byte limit"))
    #expect(output.text.hasSuffix("> +\nTally: 1\n"))
    #expect(exit == .failed(line: 1))
  }

  @Test("interactive mode prompts, keeps going after errors, and redraws after effects")
  func interactive() async {
    let (transcript, exit) = await runTally(["fly", "save", "quit"], mode: .interactive)
    #expect(transcript.hasPrefix("Tally: 0\n> error: unknown command 'fly'"))
    #expect(!transcript.contains("line 1"))
    #expect(exit == .quit)
  }

  /// An interactive console on `Tally` whose save waits for `gate`, reading a pipe.
  private func startTally(gate: TestGate, settleTime: Duration) -> (
    Pipe, ConsoleOutput, Task<ConsoleExit, Never>
  ) {
    let console = Console(initialState: Tally.State()) {
      Tally(gate: gate)
    } view: {
      TallyView(store: $0)
    }
    let output = ConsoleOutput.buffer()
    let pipe = Pipe()
    let input = ConsoleInput.fileDescriptor(pipe.fileHandleForReading.fileDescriptor)
    var options = ConsoleOptions(mode: .interactive)
    options.settleTime = settleTime
    let run = Task { await console.run(input: input, output: output, options: options) }
    return (pipe, output, run)
  }

  @Test("effects keep running while an interactive console waits, and the screen redraws")
  func interactiveRedraw() async throws {
    let gate = TestGate()
    // The save outlasts the moment the console gives it: drawn now, then when it ends.
    let (pipe, output, run) = startTally(gate: gate, settleTime: .zero)
    pipe.fileHandleForWriting.write(Data("save\n".utf8))
    await output.waitUntilText(contains: "Tally: 0\n> Tally: 0\n> ")
    gate.open()
    await output.waitUntilText(contains: "(saved)")
    pipe.fileHandleForWriting.write(Data("quit\n".utf8))
    #expect(await run.value == .quit)
    #expect(output.text == "Tally: 0\n> Tally: 0\n> \nTally: 0\n(saved)\n> ")
  }

  @Test("work a command starts that ends while the console settles is drawn once, as it ends")
  func settledBeforeDrawing() async throws {
    let gate = TestGate()
    let (pipe, output, run) = startTally(gate: gate, settleTime: .seconds(3600))
    pipe.fileHandleForWriting.write(Data("save\n".utf8))
    gate.open()
    await output.waitUntilText(contains: "(saved)\n> ")
    pipe.fileHandleForWriting.write(Data("quit\n".utf8))
    #expect(await run.value == .quit)
    #expect(output.text == "Tally: 0\n> Tally: 0\n(saved)\n> ")
  }

  @Test("a script file that cannot be read gives a one-line reason")
  func unreadableScript() {
    #expect(throws: CommandError.self) {
      try ConsoleInput.file(atPath: "/nonexistent/script.txt")
    }
    do {
      _ = try ConsoleInput.file(atPath: "/tmp")
      Issue.record("a directory should not open as a script")
    } catch {
      #expect(error.message == "cannot read script '/tmp': it is a directory; give a file")
    }
  }

  @Test("a script file is read line by line")
  func scriptFile() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tally-\(UUID().uuidString).txt"
    ).path
    try Data("+\n+\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let console = Console(initialState: Tally.State()) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
    let output = ConsoleOutput.buffer()
    let exit = await console.run(
      input: try ConsoleInput.file(atPath: path), output: output, options: .init(mode: .script))
    #expect(exit == .endOfInput)
    #expect(console.store.state.count == 2)
    #if os(Linux)
      // Read to its end, the script is closed: no descriptor of this process points at it.
      let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
      let targets = descriptors.compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
      }
      #expect(!targets.contains(path))
    #endif
  }
}
