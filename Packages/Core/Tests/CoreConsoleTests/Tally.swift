import CoreConsole
import CoreStore
import CoreTesting
import CoreUI

/// A tiny feature for console tests: a count, a note, and a save that takes a moment (or
/// waits for a gate the test opens).
struct Tally: Reducer {
  var gate: TestGate?

  struct State: Equatable {
    var count = 0
    var note = ""
    var saved = false
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case setNote(String)
    case save
    case saved
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.count += amount
      return .none
    case .setNote(let note):
      state.note = note
      return .none
    case .save:
      return .run { [gate] send in
        if let gate {
          await gate.wait()
        } else {
          try await Task.sleep(for: .milliseconds(30))
        }
        await send(.saved)
      }
    case .saved:
      state.saved = true
      return .none
    }
  }
}

/// The text view of `Tally`.
struct TallyView: TextView {
  let store: Store<Tally.State, Tally.Action>

  func render() -> [String] {
    var lines = ["Tally: \(store.state.count)"]
    if !store.state.note.isEmpty { lines.append("Note: \(store.state.note)") }
    if store.state.saved { lines.append("(saved)") }
    return lines
  }

  var commands: [TextCommand] {
    [
      TextCommand("+", help: "Add one") { _ in store.send(.add(1)) },
      TextCommand("add", arguments: [.required("N")], help: "Add N") { arguments in
        store.send(.add(try arguments.int(0)))
      },
      TextCommand("note", arguments: [.optional("text")], help: "Set or clear the note") {
        arguments in
        store.send(.setNote(arguments.optionalString(0) ?? ""))
      },
      TextCommand("save", help: "Save (takes a moment)") { _ in store.send(.save) },
      TextCommand("undo", help: "Nothing to undo here", isListed: false) { _ in
        throw CommandError("there is nothing to undo on a tally")
      },
    ]
  }
}

/// Runs a console on `Tally` over the given lines and returns the transcript and exit.
@MainActor
func runTally(
  _ lines: [String], mode: ConsoleOptions.Mode = .script, keepGoing: Bool = false
) async -> (transcript: String, exit: ConsoleExit) {
  let console = Console(initialState: Tally.State()) {
    Tally()
  } view: {
    TallyView(store: $0)
  }
  var options = ConsoleOptions(mode: mode)
  options.keepGoing = keepGoing
  let output = ConsoleOutput.buffer()
  let exit = await console.run(input: .lines(lines), output: output, options: options)
  return (output.text, exit)
}
