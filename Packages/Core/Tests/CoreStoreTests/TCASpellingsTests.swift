import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A sync-up list written the way a TCA 1.x user writes one (after TCA's SyncUps example),
/// with only the spellings the Differences table lists changed: a form with bindings saved on
/// change, a debounced search, a reducer-enum destination, and list edits.
struct Attendee: Identifiable, Equatable, Codable, Sendable {
  let id: Int
  var name: String
}

struct SyncUpForm: Reducer {
  struct State: Equatable {
    var title = ""
    var attendees: IdentifiedArrayOf<Attendee> = []
    var query = ""
    var matches: [String] = []
    var savedTitles: [String] = []
    @Presents var destination: Destination.State?
  }

  enum Action: BindableAction, CasePathable, Equatable, Sendable {
    case binding(BindingAction<State>)
    case deleteAttendees(atOffsets: IndexSet)
    case moveAttendees(fromOffsets: IndexSet, toOffset: Int)
    case search
    case titleSaved(String)
    case attendeeTapped(Attendee.ID)
    case destination(PresentationAction<Destination.Action>)
  }

  enum Destination: CaseReducer {
    case attendee(AttendeeDetail)
    case alert(AlertState<Alert>)

    enum Alert: Equatable, Sendable { case confirmDiscard }
  }

  enum CancelID: Hashable, Sendable { case search }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.title) { _, newTitle in
        Reduce { _, _ in .send(.titleSaved(newTitle)) }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.query):
        return .send(.search).debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .binding:
        return .none
      case .deleteAttendees(let offsets):
        state.attendees.remove(atOffsets: offsets)
        return .none
      case .moveAttendees(let source, let destination):
        state.attendees.move(fromOffsets: source, toOffset: destination)
        return .none
      case .search:
        state.matches = state.attendees.filter { $0.name.contains(state.query) }.map(\.name)
        return .none
      case .titleSaved(let title):
        state.savedTitles.append(title)
        return .none
      case .attendeeTapped(let id):
        guard let attendee = state.attendees[id: id] else { return .none }
        state.destination = .attendee(AttendeeDetail.State(attendee: attendee))
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

struct AttendeeDetail: Reducer {
  struct State: Equatable { var attendee: Attendee }
  enum Action: BindableAction, CasePathable, Equatable, Sendable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> { BindingReducer() }
}

@MainActor
@Suite("A feature in TCA 1.x's spellings")
struct TCASpellingsTests {
  let blob = Attendee(id: 1, name: "Blob")
  let blobJr = Attendee(id: 2, name: "Blob Jr.")
  let ann = Attendee(id: 3, name: "Ann")

  @Test("form bindings save on change; the search is debounced; list edits use offsets")
  func form() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SyncUpForm.State(attendees: [blob, blobJr, ann])
    ) {
      SyncUpForm()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.set(\.title, "Morning")) { $0.title = "Morning" }
    await store.receive(.titleSaved("Morning")) { $0.savedTitles = ["Morning"] }
    await store.send(.set(\.query, "B")) { $0.query = "B" }
    await store.send(.set(\.query, "Blob")) { $0.query = "Blob" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search) { $0.matches = ["Blob", "Blob Jr."] }
    await store.send(.moveAttendees(fromOffsets: [2], toOffset: 0)) {
      $0.attendees = [self.ann, self.blob, self.blobJr]
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.attendees = [self.ann, self.blobJr]
    }
    await store.finish()
  }

  @Test("a reducer-enum destination runs with ifLet and no closure, and switches on store.case")
  func destination() async {
    let store = TestStore(initialState: SyncUpForm.State(attendees: [blob])) { SyncUpForm() }
    await store.send(.attendeeTapped(1)) {
      $0.destination = .attendee(AttendeeDetail.State(attendee: self.blob))
    }
    await store.send(.destination(.presented(.attendee(.set(\.attendee.name, "Blobby"))))) {
      $0.destination = .attendee(AttendeeDetail.State(attendee: Attendee(id: 1, name: "Blobby")))
    }
    await store.finish()

    let live: StoreOf<SyncUpForm> = Store(initialState: store.state) { SyncUpForm() }
    let destination = live.scope(state: \.destination, action: CasePath(\.destination).presented)
    guard case .attendee(let detail)? = destination?.case else {
      Issue.record("expected the attendee destination")
      return
    }
    #expect(detail.attendee.name == "Blobby")
  }
}
