import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A row with a countdown that ticks on the clock.
struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable { case start, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A list of rows; removing one cancels its work.
struct RowList: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State> = []
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case remove(Int)
    case removeAll
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .remove(let id):
        state.rows.remove(id: id)
      case .removeAll:
        state.rows.removeAll()
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: .rows) { Row() }
  }
}

extension CasePath<RowList.Action, IdentifiedActionOf<Row>> {
  static var rows: Self {
    CasePath(RowList.Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  @Test("keeps order, finds by id, replaces in place and removes by id")
  func basics() {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 3), Row.State(id: 1)]
    rows.append(Row.State(id: 2))
    #expect(rows.ids == [3, 1, 2])
    #expect(rows[id: 1] == Row.State(id: 1))
    rows[id: 1]?.ticks = 5
    #expect(rows[1] == Row.State(id: 1, ticks: 5))
    #expect(rows.index(id: 2) == 2)
    let removed = rows.remove(id: 3)
    #expect(removed == Row.State(id: 3))
    #expect(rows.ids == [1, 2])
    rows[id: 9] = Row.State(id: 9)
    #expect(rows.ids == [1, 2, 9])
    rows[id: 2] = nil
    #expect(rows.ids == [1, 9])
    let appended = rows.append(Row.State(id: 1, ticks: 7))
    #expect(!appended)
    #expect(rows[id: 1]?.ticks == 5)
    rows.move(fromOffsets: [1], toOffset: 0)
    #expect(rows.ids == [9, 1])
    rows.sort { $0.id < $1.id }
    #expect(rows.ids == [1, 9])
    rows.removeAll { $0.ticks == 5 }
    #expect(rows.ids == [9])
    rows.append(contentsOf: [Row.State(id: 4), Row.State(id: 9, ticks: 1)])
    #expect(rows.elements == [Row.State(id: 9), Row.State(id: 4)])
    let replaced = rows.updateOrAppend(Row.State(id: 9, ticks: 2))
    #expect(replaced == Row.State(id: 9))
    #expect(rows.updateOrAppend(Row.State(id: 5)) == nil)
    #expect(rows.elements == [Row.State(id: 9, ticks: 2), Row.State(id: 4), Row.State(id: 5)])
  }

  @Test("a repeated id is reported and left out")
  func repeatedIDs() {
    withKnownIssue {
      let rows = IdentifiedArrayOf<Row.State>(uniqueElements: [
        Row.State(id: 1), Row.State(id: 1, ticks: 2),
      ])
      #expect(rows.count == 1)
      #expect(rows[id: 1]?.ticks == 0)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was given the id 1 twice") }
    }
  }

  @Test("setting a position to an element with another id is reported and ignored")
  func positionKeepsID() {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)]
    withKnownIssue {
      rows[0] = Row.State(id: 2)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("another id") }
    }
    #expect(rows.ids == [1])
  }
}

@MainActor
@Suite("forEach over an IdentifiedArray")
struct IdentifiedForEachTests {
  private func makeStore(clock: TestClock) -> TestStore<RowList.State, RowList.Action> {
    TestStore(
      initialState: RowList.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) {
      RowList()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test("a row's action reaches that row only, and its effect answers it")
  func rowActions() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.rows(.element(id: 2, action: .start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.finish()
  }

  @Test("removing a row cancels its work; the other row's work goes on")
  func removingARowCancelsItsWork() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.removeAll) { $0.rows.removeAll() }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test("an action for a row that is not in the list is reported and changes nothing")
  func missingRow() async {
    let store = makeStore(clock: TestClock())
    await withKnownIssue {
      await store.send(.rows(.element(id: 7, action: .tick)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("element 7, which is not in the list") }
    }
  }
}
