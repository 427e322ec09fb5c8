import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A game board as an engine hands it out: a class, so not `Sendable`.
final class GameBoard {
  var letters: [Character]

  init(letters: String) {
    self.letters = Array(letters)
  }
}

/// A new-game screen written as isowords writes its `NewGame`: its `Action` carries a value that
/// is not `Sendable` and does not say `Sendable` itself, which TCA accepts.
struct NewGame: Reducer {
  struct State: Equatable {
    var letters = ""
    var isLoading = false
    @Presents var destination: Destination.State?
  }

  enum Action: CasePathable {
    case startButtonTapped
    case letterCount(Int)
    case boardLoaded(GameBoard)
    case boardTapped
    case destination(PresentationAction<Destination.Action>)
  }

  /// A reducer enum over a feature whose actions are not `Sendable`.
  enum Destination: CaseReducer {
    case preview(BoardPreview)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        state.isLoading = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.letterCount(3))
        }
      case .letterCount(let count):
        return .run { send in
          await send(.boardLoaded(GameBoard(letters: String(repeating: "a", count: count))))
        }
      case .boardLoaded(let board):
        state.isLoading = false
        state.letters = String(board.letters)
        return .none
      case .boardTapped:
        state.destination = .preview(BoardPreview.State(letters: state.letters))
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

/// A child screen whose actions carry a board too.
struct BoardPreview: Reducer {
  struct State: Equatable {
    var letters: String
    var flipped = false
  }

  enum Action: CasePathable {
    case flip(GameBoard)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .flip(let board):
      state.flipped = true
      state.letters = String(board.letters.reversed())
      return .none
    }
  }
}

@MainActor
@Suite("An Action that is not Sendable, as TCA allows")
struct NonSendableActionTests {
  @Test("effects send non-Sendable actions into a TestStore, received by case key path")
  func effects() async {
    let clock = TestClock()
    let store = TestStore(initialState: NewGame.State()) {
      NewGame()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.letterCount, 3)
    await store.receive(\.boardLoaded) {
      $0.isLoading = false
      $0.letters = "aaa"
    }
  }

  @Test("a reducer enum over such a feature presents it and runs its actions")
  func reducerEnum() async {
    let store = TestStore(initialState: NewGame.State(letters: "abc")) { NewGame() }
    await store.send(.boardTapped) {
      $0.destination = .preview(BoardPreview.State(letters: "abc"))
    }
    await store.send(\.destination.preview.flip, GameBoard(letters: "xyz")) {
      $0.destination?.modify(\.preview) {
        $0.flipped = true
        $0.letters = "zyx"
      }
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }

  @Test("a wrong received value still fails the test")
  func wrongReceive() async {
    let store = TestStore(initialState: NewGame.State()) {
      NewGame()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.startButtonTapped) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(\.letterCount, 4)
    }
    await store.receive(\.boardLoaded) {
      $0.isLoading = false
      $0.letters = "aaa"
    }
  }

  @Test("a live Store runs them too")
  func liveStore() async {
    let store = Store(initialState: NewGame.State(letters: "ab")) { NewGame() }
    store.send(.boardTapped)
    store.send(.destination(.presented(.preview(.flip(GameBoard(letters: "pq"))))))
    #expect(store.destination == .preview(BoardPreview.State(letters: "qp", flipped: true)))
  }
}
