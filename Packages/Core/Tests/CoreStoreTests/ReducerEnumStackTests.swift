import CoreStore
import CoreTesting
import Testing

/// A plain value a stack shows, declared without `Reducer`: the generator reads it as state.
struct Minutes: Equatable {
  var text: String
}

/// A stack written as TCA's SyncUps app writes it: a reducer case, a case of plain values with
/// no reducer (`case meeting(Meeting, syncUp: SyncUp)` there), and `StackActionOf<Path>`; a case
/// of one plain value (TCA's `@ReducerCaseIgnored case minutes(Minutes)`) needs no label.
struct Meetings: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: CasePathable, Equatable, Sendable {
    case path(StackActionOf<Path>)
    case counterTapped
    case meetingTapped(String)
  }

  enum Path: CaseReducer {
    case counter(Counter)
    case meeting(String, attendees: Int)
    case minutes(Minutes)
    case note(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counterTapped:
        state.path.append(.counter(Counter.State()))
        return .none
      case .meetingTapped(let title):
        state.path.append(.meeting(title, attendees: 2))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

/// An enum of reducers that composes its cases itself, as TCA allows: its own `body` runs the
/// counter twice per action, and `make generate` keeps it instead of writing one.
enum TwiceCounted: CaseReducer {
  case counter(Counter)

  static var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Scope(state: \.counter, action: \.counter) { Counter() }
  }
}

@MainActor
@Suite("Reducer enums as TCA writes them: plain-state cases, their own body, a Reducer")
struct ReducerEnumStackTests {
  @Test("a plain-state case is pushed and popped like any screen; its action case is Never")
  func plainStateCase() async {
    let store = TestStore(initialState: Meetings.State()) { Meetings() }
    await store.send(.meetingTapped("Standup")) {
      $0.path.append(.meeting("Standup", attendees: 2))
    }
    await store.send(.counterTapped) { $0.path.append(.counter(Counter.State())) }
    await store.send(.path(.element(id: 1, action: .counter(.increment)))) {
      $0.path[id: 1] = .counter(Counter.State(count: 1))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test("store.case gives a plain-state case's values, and a reducer case's store")
  func storeCaseOfPlainState() {
    let meeting = Store(initialState: Meetings.Path.State.meeting("Retro", attendees: 5)) {
      Meetings.Path.body
    }
    guard case .meeting(let title, let attendees) = meeting.case else {
      Issue.record("expected the meeting's values")
      return
    }
    #expect(title == "Retro")
    #expect(attendees == 5)
    let counter = Store(initialState: Meetings.Path.State.counter(Counter.State())) {
      Meetings.Path.body
    }
    guard case .counter(let counterStore) = counter.case else {
      Issue.record("expected the counter's store")
      return
    }
    counterStore.send(.increment)
    #expect(counter.state == .counter(Counter.State(count: 1)))
  }

  @Test("a case of one unlabeled plain value is state, and store.case gives the value")
  func singlePlainValue() async {
    let store = TestStore(initialState: Meetings.State()) { Meetings() }
    await store.send(.path(.push(id: 0, state: .minutes(Minutes(text: "Ship it"))))) {
      $0.path.append(.minutes(Minutes(text: "Ship it")))
    }
    await store.send(.path(.push(id: 1, state: .note("Later")))) {
      $0.path.append(.note("Later"))
    }
    #expect(store.state.path[id: 0]?.minutes == Minutes(text: "Ship it"))
    let minutes = Store(initialState: Meetings.Path.State.minutes(Minutes(text: "Done"))) {
      Meetings.Path.body
    }
    guard case .minutes(let value) = minutes.case else {
      Issue.record("expected the minutes")
      return
    }
    #expect(value == Minutes(text: "Done"))
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 1))) { $0.path.removeAll() }
    }
  }

  @Test("an enum's own body is the one that runs")
  func ownBodyKept() async {
    let store = TestStore(initialState: TwiceCounted.State.counter(Counter.State())) {
      TwiceCounted.body
    }
    await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 2)) }
  }

  @Test("a wrong assertion about a plain-state case fails the test")
  func wrongPlainStateFails() async {
    let store = TestStore(initialState: Meetings.State()) { Meetings() }
    await withKnownIssue {
      await store.send(.meetingTapped("Standup")) {
        $0.path.append(.meeting("Standup", attendees: 3))
      }
    }
  }
}
