import CoreConsole
import CoreDependencies
import CoreStore
import CoreTesting
import CoreUI
import Foundation
import Testing

/// A screen that draws a shared count, changed by an effect (no action sent) or in a reduce.
private struct Visits: Reducer {
  let gate: TestGate

  struct State: Equatable {
    @Shared(.inMemory("visits")) var visits = 0
  }

  enum Action: Equatable, Sendable {
    case visitLater
    case visitNow
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .visitLater:
      return .run { [visits = state.$visits, gate] _ in
        await gate.wait()
        visits.withLock { $0 += 1 }
      }
    case .visitNow:
      state.$visits.withLock { $0 += 1 }
      return .none
    }
  }
}

private struct VisitsView: TextView {
  let store: StoreOf<Visits>

  func render() -> [String] { ["Visits: \(store.visits)"] }

  var commands: [TextCommand] {
    [
      TextCommand("later", help: "Count a visit when the gate opens") { _ in
        store.send(.visitLater)
      },
      TextCommand("now", help: "Count a visit") { _ in store.send(.visitNow) },
    ]
  }
}

/// A console redraws a screen when a shared value it shows changes, however it changed.
@Suite("Shared redraw")
@MainActor
struct SharedRedrawTests {
  @Test("an effect's change to a shared value, with no action sent, redraws the screen")
  func effectChangeRedraws() async {
    let gate = TestGate()
    let console = Console(initialState: Visits.State()) {
      Visits(gate: gate)
    } view: {
      VisitsView(store: $0)
    }
    let output = ConsoleOutput.buffer()
    let pipe = Pipe()
    var options = ConsoleOptions(mode: .interactive)
    options.settleTime = .zero
    let run = Task {
      await console.run(
        input: .fileDescriptor(pipe.fileHandleForReading.fileDescriptor), output: output,
        options: options)
    }
    pipe.fileHandleForWriting.write(Data("later\n".utf8))
    await output.waitUntilText(contains: "Visits: 0\n> Visits: 0\n> ")
    gate.open()
    await output.waitUntilText(contains: "Visits: 1")
    pipe.fileHandleForWriting.write(Data("now\nquit\n".utf8))
    #expect(await run.value == .quit)
    #expect(output.text == "Visits: 0\n> Visits: 0\n> \nVisits: 1\n> Visits: 2\n> ")
  }
}
