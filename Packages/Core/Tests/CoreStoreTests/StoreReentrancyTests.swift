import CoreStore
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
  func readingStateInsideReduceTraps() async {
    // The state keeps Swift's exclusivity check in every build (the store's bookkeeping opts
    // out of it): the reduce holds the state `inout`, so the read is a simultaneous access.
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
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
  }
}
