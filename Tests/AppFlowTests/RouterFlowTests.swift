import AppFeature
import CoreDependencies
import CoreStore
import CoreTesting
import EntryFeature
import Foundation
import FugaFeature
import HogeFeature
import ItemListFeature
import ItemsClient
import NavigationLogClient
import Testing

/// Records the navigation log.
actor LogRecorder {
  private(set) var lines: [String] = []
  func append(_ line: String) { lines.append(line) }
}

extension TestStore where State == AppRouter.State, Action == AppRouter.Action {
  /// `items` on Entry: the items tab shown instead of a second list pushed, its list
  /// appearing and loading `items`, each step asserted.
  func openItems(loading items: [Item]) async {
    await send(.tab(.entry, .root(.entry(.itemsTapped))))
    await receive(.tab(.entry, .root(.entry(.delegate(.navigate(.push(.items)))))))
    await receive(.tab(.entry, .delegate(.selectTab(.items)))) { $0.stage.home?.selected = .items }
    await receive(.tab(.items, .onAppear)) { $0[.items].hasAppeared = true }
    await receive(.tab(.items, .root(.items(.onAppear)))) {
      $0[.items].root = .items(ItemList.State(isLoading: true))
    }
    await receive(.tab(.items, .root(.items(.itemsLoaded(items))))) {
      $0[.items].root = .items(ItemList.State(items: items))
    }
  }

  /// The router signed in as Ann on the entry tab, its log recorded into `log`, `items` kept
  /// in memory.
  static func router(loggingInto log: LogRecorder, items: [Item] = []) -> TestStore {
    TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { await log.append($0) }
      $0.items = .inMemory(items)
    }
  }
}

@MainActor
@Suite("App flows through the router")
struct RouterFlowTests {
  private let log = LogRecorder()

  private func makeStore() -> TestStore<AppRouter.State, AppRouter.Action> {
    .router(loggingInto: log)
  }

  @Test("Entry > Hoge > Fuga > popTo Hoge > popToRoot, logging each closed screen")
  func stackFlow() async {
    let store = makeStore()
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.receive(.tab(.entry, .root(.entry(.delegate(.navigate(.push(.hoge))))))) {
      $0[.entry].path.append(.hoge(Hoge.State()))
    }
    await store.send(.tab(.entry, .path(.element(id: 0, action: .hoge(.set(\.name, "Ann")))))) {
      $0[.entry].path[id: 0] = .hoge(Hoge.State(name: "Ann"))
    }
    await store.send(.tab(.entry, .path(.element(id: 0, action: .hoge(.fugaTapped)))))
    await store.receive(
      .tab(
        .entry,
        .path(.element(id: 0, action: .hoge(.delegate(.navigate(.push(.fuga(name: "Ann"))))))))
    ) {
      $0[.entry].path.append(.fuga(Fuga.State(name: "Ann")))
    }
    await store.send(.tab(.entry, .path(.element(id: 1, action: .fuga(.popToTapped(.hoge))))))
    await store.receive(
      .tab(.entry, .path(.element(id: 1, action: .fuga(.delegate(.navigate(.popTo(.hoge)))))))
    ) {
      $0[.entry].path.pop(from: 1)
    }
    await store.send(.tab(.entry, .path(.element(id: 0, action: .hoge(.fugaTapped)))))
    await store.receive(
      .tab(
        .entry,
        .path(.element(id: 0, action: .hoge(.delegate(.navigate(.push(.fuga(name: "Ann"))))))))
    ) {
      $0[.entry].path.append(.fuga(Fuga.State(name: "Ann")))
    }
    await store.send(.tab(.entry, .path(.element(id: 2, action: .fuga(.rootTapped)))))
    await store.receive(
      .tab(.entry, .path(.element(id: 2, action: .fuga(.delegate(.navigate(.popToRoot))))))
    ) {
      $0[.entry].path.removeAll()
    }
    await store.finish()
    #expect(await log.lines == ["Fuga closed", "Fuga closed", "Hoge closed"])
  }

  @Test("a 20-deep recursive stack (Hoge > Fuga > Hoge ...) and back down with back")
  func deepStack() async {
    let store = makeStore()
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.receive(.tab(.entry, .root(.entry(.delegate(.navigate(.push(.hoge))))))) {
      $0[.entry].path.append(.hoge(Hoge.State()))
    }
    for level in 0..<19 {
      let id = StackElementID(generation: level)
      if level.isMultiple(of: 2) {
        await store.send(
          .tab(.entry, .path(.element(id: id, action: .hoge(.set(\.name, "L\(level)")))))
        ) {
          $0[.entry].path[id: id] = .hoge(Hoge.State(name: "L\(level)"))
        }
        await store.send(.tab(.entry, .path(.element(id: id, action: .hoge(.fugaTapped)))))
        await store.receive(
          .tab(
            .entry,
            .path(
              .element(id: id, action: .hoge(.delegate(.navigate(.push(.fuga(name: "L\(level)"))))))
            ))
        ) {
          $0[.entry].path.append(.fuga(Fuga.State(name: "L\(level)")))
        }
      } else {
        await store.send(.tab(.entry, .path(.element(id: id, action: .fuga(.hogeTapped)))))
        await store.receive(
          .tab(.entry, .path(.element(id: id, action: .fuga(.delegate(.navigate(.push(.hoge)))))))
        ) {
          $0[.entry].path.append(.hoge(Hoge.State()))
        }
      }
    }
    #expect(store.state[.entry].path.count == 20)
    for level in (0..<20).reversed() {
      let id = StackElementID(generation: level)
      let back: AppRouter.Path.Action =
        level.isMultiple(of: 2) ? .hoge(.backTapped) : .fuga(.backTapped)
      await store.send(.tab(.entry, .path(.element(id: id, action: back))))
      await store.receive(.tab(.entry, .path(.popFrom(id: id)))) { $0[.entry].path.pop(from: id) }
    }
    #expect(store.state[.entry].path.isEmpty)
    await store.finish()
    let lines = await log.lines
    #expect(lines.count == 20)
    #expect(lines.first == "Fuga closed")
    #expect(lines.last == "Hoge closed")
  }

  @Test(
    "a long flow asserted only where it matters (exhaustivity off, as TCA advises)",
    .standsOn(Hoge.self))
  func longFlowNotExhaustive() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.tab(.entry, .root(.entry(.hogeTapped))))
    await store.send(.tab(.entry, .path(.element(id: 0, action: .hoge(.set(\.name, "Ann"))))))
    await store.send(.tab(.entry, .path(.element(id: 0, action: .hoge(.fugaTapped)))))
    await store.receive(
      .tab(
        .entry,
        .path(.element(id: 0, action: .hoge(.delegate(.navigate(.push(.fuga(name: "Ann"))))))))
    ) {
      $0[.entry].path[id: 1, case: \.fuga] = Fuga.State(name: "Ann")
    }
    await store.send(.tab(.entry, .path(.element(id: 1, action: .fuga(.rootTapped)))))
    let isFugaDelegate: (AppRouter.Action) -> Bool = { action in
      if case .home(.tabs(.element(_, .path(.element(_, .fuga(.delegate)))))) = action {
        true
      } else {
        false
      }
    }
    await store.receive(isFugaDelegate, assert: { $0[.entry].path = StackState() })
    await store.finish()
    #expect(await log.lines == ["Fuga closed", "Hoge closed"])
  }

  @Test("back on the first screen is a notice, not a crash; the next action clears it")
  func backAtRoot() async {
    let store = makeStore()
    await store.send(.tab(.entry, .backTapped)) {
      $0[.entry].notice = "Already at the first screen; there is nothing to go back to."
    }
    await store.send(.tab(.entry, .root(.entry(.counter(.incrementTapped))))) {
      $0[.entry].notice = nil
      $0[.entry].root = .entry(Entry.State(counter: Counter.State(count: 1)))
    }
    await store.finish()
  }

  @Test("items through the router: its tab shown, loaded on appear, edited, saved, left")
  func itemsFlow() async {
    let tea = Item(id: UUID(counting: 7), name: "Tea")
    let saved = LogRecorder()
    let log = self.log
    let store = TestStore(initialState: AppRouter.State.signedIn("Ann")) {
      AppRouter()
    } withDependencies: {
      $0.navigationLog = NavigationLogClient { await log.append($0) }
      $0.items = ItemsClient(load: { [tea] }, save: { await saved.append($0.map(\.name).joined()) })
    }
    await store.openItems(loading: [tea])
    await store.send(.tab(.items, .root(.items(.editTapped(position: 1))))) {
      $0[.items].root = .items(
        ItemList.State(
          items: [tea],
          destination: .edit(ItemEdit.State(draft: tea, mode: .edit))))
    }
    var renamed = tea
    renamed.name = "Green tea"
    await store.send(
      .tab(.items, .root(.items(.destination(.presented(.edit(.set(\.draft.name, "Green tea")))))))
    ) {
      $0[.items].root = .items(
        ItemList.State(
          items: [tea],
          destination: .edit(ItemEdit.State(draft: renamed, mode: .edit))))
    }
    await store.send(
      .tab(.items, .root(.items(.destination(.presented(.edit(.saveTapped)))))))
    await store.receive(
      .tab(.items, .root(.items(.destination(.presented(.edit(.delegate(.save(renamed))))))))
    ) {
      $0[.items].root = .items(ItemList.State(items: [renamed]))
    }
    await store.send(.home(.tabSelected(.entry))) { $0.stage.home?.selected = .entry }
    await store.receive(.tab(.entry, .onAppear)) { $0[.entry].hasAppeared = true }
    await store.finish()
    #expect(await saved.lines == ["Green tea"])
    // Another tab shows; the list stays open in its own, so nothing closed.
    #expect(await log.lines == [])
    #expect(store.state[.items].root == .items(ItemList.State(items: [renamed])))
  }

  @Test("popTo a screen that is not open is a notice, and changes nothing", .standsOn(Hoge.self))
  func popToMissing() async {
    let store = makeStore()
    // A Fuga with no Hoge under it (pushed directly), asking to go back to the nearest Hoge.
    await store.send(.tab(.entry, .path(.push(id: 0, state: .fuga(Fuga.State(name: "x")))))) {
      $0[.entry].path.append(.fuga(Fuga.State(name: "x")), id: 0)
    }
    await store.send(.tab(.entry, .path(.element(id: 0, action: .fuga(.popToTapped(.hoge))))))
    await store.receive(
      .tab(.entry, .path(.element(id: 0, action: .fuga(.delegate(.navigate(.popTo(.hoge)))))))
    ) {
      $0[.entry].notice = "No hoge screen is open; nothing was closed."
    }
    #expect(store.state[.entry].path.ids == [0])
    await store.finish()
  }

  @Test("popTo a route that names the first screen closes every pushed screen, logging each")
  func popToTheFirstScreen() async {
    let store = makeStore()
    await store.send(.tab(.entry, .path(.push(id: 0, state: .hoge(Hoge.State()))))) {
      $0[.entry].path.append(.hoge(Hoge.State()), id: 0)
    }
    await store.send(.tab(.entry, .path(.push(id: 1, state: .fuga(Fuga.State(name: "Ann")))))) {
      $0[.entry].path.append(.fuga(Fuga.State(name: "Ann")), id: 1)
    }
    await store.send(.tab(.entry, .path(.element(id: 1, action: .fuga(.popToTapped(.entry))))))
    await store.receive(
      .tab(.entry, .path(.element(id: 1, action: .fuga(.delegate(.navigate(.popTo(.entry)))))))
    ) {
      $0[.entry].path.removeAll()
    }
    await store.finish()
    #expect(await log.lines == ["Fuga closed", "Hoge closed"])
  }
}
