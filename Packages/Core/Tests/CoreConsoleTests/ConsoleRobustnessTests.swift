import CoreConsole
import CoreStore
import CoreTesting
import CoreUI
import Foundation
import Testing

/// A console under input and output nobody planned for: a script that must wait for work
/// however long it takes, output that cannot be written, input that never ends a line.
@MainActor
@Suite("Console under hard input and output")
struct ConsoleRobustnessTests {
  private func makeConsole(gate: TestGate) -> Console<Loader.State, Loader.Action> {
    Console(initialState: Loader.State()) {
      Loader(gate: gate)
    } view: {
      LoaderView(store: $0)
    }
  }

  @Test(
    "a script waits for work as long as it takes, says so on standard error, and goes on after it")
  func scriptWaitsForWork() async {
    let gate = TestGate()
    let console = makeConsole(gate: gate)
    var options = ConsoleOptions(mode: .script)
    options.effectNoticeDelay = .zero
    let output = ConsoleOutput.buffer()
    let run = Task {
      await console.run(input: .lines(["load", "show"]), output: output, options: options)
    }
    // The console has said it waits: only now is the work let finish.
    while output.notes.isEmpty { await Task.yield() }
    #expect(!output.text.contains("> show"))
    gate.open()
    let exit = await run.value
    #expect(exit == .endOfInput)
    #expect(output.text == "Loaded: no\n> load\nLoaded: yes\n> show\nLoaded: yes\n")
    #expect(
      output.notes
        == "note: waiting for work under way (a load, a save) to finish before the next line\n")
  }

  @Test("with a time limit, work still running then ends the script with status 1 at that line")
  func scriptTimeLimit() async {
    let gate = TestGate()
    let console = makeConsole(gate: gate)
    var options = ConsoleOptions(mode: .script)
    options.effectTimeout = .milliseconds(10)
    let output = ConsoleOutput.buffer()
    let exit = await console.run(
      input: .lines(["load", "show"]), output: output, options: options)
    gate.open()
    #expect(exit == .failed(line: 1))
    #expect(exit.status == 1)
    #expect(
      output.text.hasSuffix(
        "> load\nerror: line 1: work under way (a load, a save) did not finish within 0.01 "
          + "seconds; the script stops here rather than go on without it\n"))
  }

  @Test(
    "output that cannot be written ends the run at the next line: 1, or 141 for a closed pipe",
    arguments: [(ENOSPC, Int32(1)), (EBADF, Int32(1)), (EPIPE, Int32(141))])
  func outputFails(code: Int32, status: Int32) async {
    let console = Console(initialState: Tally.State()) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
    let failure = StandardStream.WriteFailure(code: code)
    let output = ConsoleOutput.failing(after: 2, with: failure)
    let exit = await console.run(
      input: .lines(["+", "+", "+", "+"]), output: output, options: ConsoleOptions(mode: .script))
    #expect(exit == .outputFailed(failure))
    #expect(exit.status == status)
    #expect(console.store.state.count == 1)
    #expect(output.text == "Tally: 0\n> +\n")
  }

  @Test("each command builds the view tree once: the view that found the command renders")
  func viewBuiltOncePerCommand() async {
    let builds = Counter()
    let console = Console(initialState: Tally.State()) {
      Tally()
    } view: { store in
      builds.count += 1
      return TallyView(store: store)
    }
    let output = ConsoleOutput.buffer()
    _ = await console.run(
      input: .lines(["+", "+", "add 3"]), output: output, options: ConsoleOptions(mode: .script))
    // The first screen, then one per command.
    #expect(builds.count == 4)
    #expect(output.text.hasSuffix("> add 3\nTally: 5\n"))
  }

  @Test("standard output closed: the write reports EBADF instead of stopping the program")
  func closedDescriptor() {
    let descriptor = open("/dev/null", O_WRONLY)
    close(descriptor)
    #expect(
      StandardStream.write("text", to: descriptor) == StandardStream.WriteFailure(code: EBADF))
    let full = open("/dev/full", O_WRONLY)
    defer { close(full) }
    #expect(
      StandardStream.write("text", to: full)?.description == String(cString: strerror(ENOSPC)))
  }

  @Test("a script that never ends a line (/dev/zero) ends the run with the line-too-long error")
  func endlessLine() async throws {
    let console = Console(initialState: Tally.State()) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
    let output = ConsoleOutput.buffer()
    let exit = await console.run(
      input: try ConsoleInput.file(atPath: "/dev/zero"), output: output,
      options: ConsoleOptions(mode: .script))
    #expect(exit == .failed(line: 1))
    #expect(
      output.text == "Tally: 0\n> (a line over 4096 bytes)\n"
        + "error: line 1: the line is longer than the 4096-byte limit; type a shorter command\n")
  }
}

/// Counts, on the main actor.
@MainActor
final class Counter {
  var count = 0
}

/// A feature whose load waits on a `TestGate`.
struct Loader: Reducer {
  struct State: Equatable { var isLoaded = false }
  enum Action: Equatable, Sendable {
    case load
    case loaded
  }

  let gate: TestGate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [gate] send in
        await gate.wait()
        await send(.loaded)
      }
    case .loaded:
      state.isLoaded = true
      return .none
    }
  }
}

/// The text view of ``Loader``.
struct LoaderView: TextView {
  let store: Store<Loader.State, Loader.Action>

  func render() -> [String] { ["Loaded: \(store.state.isLoaded ? "yes" : "no")"] }

  var commands: [TextCommand] {
    [TextCommand("load", help: "Load (waits for the gate)") { _ in store.send(.load) }]
  }
}
