import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A feature that keeps its list in shared memory, changed by its reducer and by an effect.
private struct Basket: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("basket")) var items: [String] = []
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case addLater(String)
    case added
    case noted(String)
    case addBothLater(String, String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.$items.withLock { $0.append(item) }
      return .none
    case .addLater(let item):
      let items = state.$items
      return .run { send in
        items.withLock { $0.append(item) }
        await send(.added)
      }
    case .added:
      return .none
    case .addBothLater(let first, let second):
      return .run { send in
        await send(.add(first))
        await send(.add(second))
      }
    case .noted(let note):
      state.note = note
      return .none
    }
  }
}

extension Basket.State {
  /// A basket whose shared items start as `items`.
  init(startingWith items: [String]) {
    $items.withLock { $0 = items }
  }
}

/// A test store checks shared changes with the step that made them, as TCA 1.10+ does.
@MainActor
@Suite("Shared state in a TestStore")
struct SharedTestStoreTests {
  @Test("a shared change asserted with withLock passes")
  func assertedChange() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await store.send(.add("Milk")) { $0.$items.withLock { $0 = ["Milk"] } }
    await store.send(.add("Tea")) { $0.$items.withLock { $0.append("Tea") } }
    #expect(store.state.items == ["Milk", "Tea"])
  }

  @Test("an unasserted shared change fails the step")
  func unassertedChange() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await withKnownIssue {
      await store.send(.add("Milk"))
    } matching: { issue in
      issue.description.contains("but the test asserted no change")
        && issue.description.contains("Milk")
    }
    // The next step starts from the actual value.
    await store.send(.add("Tea")) { $0.$items.withLock { $0.append("Tea") } }
  }

  @Test("a wrong assertion about a shared change fails, showing both")
  func wrongAssertion() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await withKnownIssue {
      await store.send(.add("Milk")) { $0.$items.withLock { $0 = ["Tea"] } }
    } matching: { issue in
      issue.description.contains("was not as expected") && issue.description.contains("Tea")
    }
  }

  @Test("asserting a shared change that did not happen fails")
  func changeThatDidNotHappen() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await withKnownIssue {
      await store.send(.noted("x")) {
        $0.note = "x"
        $0.$items.withLock { $0.append("Milk") }
      }
    }
  }

  @Test("a change an effect makes belongs to the step that receives its action")
  func effectChange() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await store.send(.addLater("Milk"))
    await store.receive(.added) { $0.$items.withLock { $0 = ["Milk"] } }
  }

  @Test("a shared change alone counts as a change: asserting it needs no other field")
  func sharedChangeAlone() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await store.send(.add("Milk")) { $0.$items.withLock { $0.append("Milk") } }
  }

  @Test("not exhaustive: an unasserted shared change passes; a wrong one still fails")
  func notExhaustive() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    store.exhaustivity = .off
    await store.send(.add("Milk"))
    await store.send(.add("Tea")) { $0.$items.withLock { $0 = ["Milk", "Tea"] } }
    await withKnownIssue {
      await store.send(.add("Jam")) { $0.$items.withLock { $0 = ["Jam"] } }
    }
  }

  @Test("each received action is checked against the shared values as it left them")
  func receivedActionsInOrder() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    await store.send(.addBothLater("A", "B"))
    // Both actions are reduced before the test gets to the first: its step still sees ["A"].
    await store.receive(.add("A")) { $0.$items.withLock { $0 = ["A"] } }
    await store.receive(.add("B")) { $0.$items.withLock { $0 = ["A", "B"] } }
    await withKnownIssue {
      await store.send(.addBothLater("C", "D"))
      await store.receive(.add("C")) { $0.$items.withLock { $0 = ["A", "B", "C", "D"] } }
    } matching: { issue in
      issue.description.contains("was not as expected")
    }
    await store.receive(.add("D")) { $0.$items.withLock { $0.append("D") } }
  }

  @Test("shared values the initial state set are where the test starts, not a change")
  func initialStateSetsShared() async {
    let store = TestStore(initialState: Basket.State(startingWith: ["Salt"])) { Basket() }
    await store.send(.add("Milk")) { $0.$items.withLock { $0 = ["Salt", "Milk"] } }
  }

  @Test("the test body's @Shared is the store's value, before and after the store exists")
  func testBodySharesWithStore() async {
    @Shared(.inMemory("basket")) var basket = ["Bread"]
    let first = TestStore(initialState: Basket.State()) { Basket() }
    #expect(first.state.items == ["Bread"])
    await first.send(.add("Milk")) { $0.$items.withLock { $0.append("Milk") } }
    #expect(basket == ["Bread", "Milk"])
    let second = TestStore(initialState: Basket.State()) { Basket() }
    #expect(second.state.items == ["Bread", "Milk"])
  }

  @Test("each test has its own in-memory values (this one and the one above run apart)")
  func testsApart() async {
    let store = TestStore(initialState: Basket.State()) { Basket() }
    #expect(store.state.items.isEmpty)
    await store.send(.add("Tea")) { $0.$items.withLock { $0 = ["Tea"] } }
  }
}

/// A feature whose settings are stored: a file and an entry of the settings file.
private struct Preferences: Reducer {
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/recent.json")))
    var recent: [String] = []
    @Shared(.appStorage("theme")) var theme = "light"
  }

  enum Action: Equatable, Sendable {
    case opened(String)
    case themePicked(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .opened(let name):
      state.$recent.withLock { $0.insert(name, at: 0) }
    case .themePicked(let theme):
      state.$theme.withLock { $0 = theme }
    }
    return .none
  }
}

/// Stored shared values in a test store: memory, checked like any shared change.
@MainActor
@Suite("Stored shared state in a TestStore")
struct StoredSharedTestStoreTests {
  @Test("file and settings storage are memory in a test store, and their changes are checked")
  func storedChangesChecked() async {
    let store = TestStore(initialState: Preferences.State()) { Preferences() }
    await store.send(.opened("a.txt")) { $0.$recent.withLock { $0 = ["a.txt"] } }
    await withKnownIssue {
      await store.send(.themePicked("dark"))
    } matching: { issue in
      issue.description.contains("dark")
    }
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/recent.json"))
    @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/recent.json")))
    var recent: [String] = []
    #expect(recent == ["a.txt"])
    @Shared(.appStorage("theme")) var theme = "light"
    #expect(theme == "dark")
  }
}
