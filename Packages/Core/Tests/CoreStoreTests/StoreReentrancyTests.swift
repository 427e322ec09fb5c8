import CoreStore
import Foundation
import Testing

/// Lets a reducer reach the store that runs it, as a dependency holding the store would.
@MainActor
private final class StoreReference {
  var store: Store<[String], String>?
}

@MainActor
@Suite("Store re-entrancy")
struct StoreReentrancyTests {
  @Test("an action sent to the store from inside its own reduce waits until that reduce is done")
  func sendFromInsideReduceIsQueued() {
    let reference = StoreReference()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { log, action in
        log.append("begin \(action)")
        if action == "outer" {
          reference.store?.send("inner")
          reference.store?.send("second inner")
        }
        log.append("end \(action)")
        return action == "outer" ? .send("from effect") : .none
      }
    }
    reference.store = store
    store.send("outer")
    #expect(
      store.state == [
        "begin outer", "end outer",
        "begin inner", "end inner",
        "begin second inner", "end second inner",
        "begin from effect", "end from effect",
      ])
    // The queue is empty again: the next send is handled on its own.
    store.send("last")
    #expect(store.state.suffix(2) == ["begin last", "end last"])
  }

  @Test("reading the store's state from inside its own reduce stops the program")
  func readingStateInsideReduceTraps() async throws {
    // The state keeps Swift's exclusivity check in every build (the store's bookkeeping opts
    // out of it): the reduce holds the state `inout`, so the read is a simultaneous access.
    // The read runs in a child run of this test binary (the test below, enabled there only).
    // Not `#expect(processExitsWith:)`: its monitor waits on every child of the process and,
    // beside tests that run programs with Foundation's Process, neither side reaps the other's
    // children, and the whole run hangs.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [
      "--testing-library", "swift-testing", "--filter",
      "StoreReentrancyTests/readStateInsideReduceInThisProcess",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    child.environment = environment
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        child.waitUntilExit()
        continuation.resume()
      }
    }
    #expect(child.terminationReason == .uncaughtSignal)
  }

  /// Set in the child run that performs the read.
  nonisolated static let childVariable = "SWITCHYARD_STORE_REENTRANCY_CHILD"

  @Test(
    "the read inside a reduce, in a child run only",
    .enabled(if: ProcessInfo.processInfo.environment[Self.childVariable] == "1"))
  func readStateInsideReduceInThisProcess() {
    let reference = StoreReference()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { log, action in
        log.append("\(reference.store?.state.count ?? -1)")
        return .none
      }
    }
    reference.store = store
    store.send("read")
  }
}
