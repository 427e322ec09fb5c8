import CoreStore
import CoreTesting
import Foundation
import Testing

// TCA's case study "Higher-order reducers: reusable favoriting" (Examples/CaseStudies), ported
// by expanding its macros and dropping the SwiftUI views; its tests are TCA's, unchanged.

struct FavoritingState<ID: Hashable & Sendable>: Equatable {
  @Presents var alert: AlertState<FavoritingAction.Alert>?
  let id: ID
  var isFavorite: Bool
}

enum FavoritingAction: CasePathable {
  case alert(PresentationAction<Alert>)
  case buttonTapped
  case response(Result<Bool, any Error>)

  enum Alert: Equatable {}
}

struct Favoriting<ID: Hashable & Sendable>: Reducer {
  let favorite: @Sendable (ID, Bool) async throws -> Bool

  private struct CancelID: Hashable, Sendable {
    let id: AnyHashableSendable
  }

  var body: some Reducer<FavoritingState<ID>, FavoritingAction> {
    Reduce { state, action in
      switch action {
      case .alert(.dismiss):
        state.alert = nil
        state.isFavorite.toggle()
        return .none

      case .buttonTapped:
        state.isFavorite.toggle()

        return .run { [id = state.id, isFavorite = state.isFavorite, favorite] send in
          await send(.response(Result { try await favorite(id, isFavorite) }))
        }
        .cancellable(id: CancelID(id: AnyHashableSendable(state.id)), cancelInFlight: true)

      case .response(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        return .none

      case .response(.success(let isFavorite)):
        state.isFavorite = isFavorite
        return .none
      }
    }
  }
}

struct Episode: Reducer {
  struct State: Equatable, Identifiable {
    var alert: AlertState<FavoritingAction.Alert>?
    let id: UUID
    var isFavorite: Bool
    let title: String

    var favorite: FavoritingState<ID> {
      get { .init(alert: self.alert, id: self.id, isFavorite: self.isFavorite) }
      set { (self.alert, self.isFavorite) = (newValue.alert, newValue.isFavorite) }
    }
  }

  enum Action: CasePathable {
    case favorite(FavoritingAction)
  }

  let favorite: @Sendable (UUID, Bool) async throws -> Bool

  var body: some Reducer<State, Action> {
    Scope(\.favorite, action: \.favorite) {
      Favoriting(favorite: self.favorite)
    }
  }
}

struct Episodes: Reducer {
  struct State: Equatable {
    var episodes: IdentifiedArrayOf<Episode.State> = []
  }

  enum Action: CasePathable {
    case episodes(IdentifiedActionOf<Episode>)
  }

  var favorite: @Sendable (UUID, Bool) async throws -> Bool = favoriteRequest

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      .none
    }
    .forEach(\.episodes, action: \.episodes) {
      Episode(favorite: self.favorite)
    }
  }
}

struct FavoriteError: LocalizedError, Equatable {
  var errorDescription: String? {
    "Favoriting failed."
  }
}

@Sendable private func favoriteRequest<ID>(id: ID, isFavorite: Bool) async throws -> Bool {
  try await Task.sleep(for: .seconds(1))
  if .random(in: 0...1) > 0.25 {
    return isFavorite
  } else {
    throw FavoriteError()
  }
}

@MainActor
struct ReusableComponentsFavoritingTests {
  @Test
  func happyPath() async {
    let clock = TestClock()

    let episodes: IdentifiedArrayOf<Episode.State> = [
      Episode.State(
        id: UUID(0),
        isFavorite: false,
        title: "Functions"
      ),
      Episode.State(
        id: UUID(1),
        isFavorite: false,
        title: "Functions"
      ),
      Episode.State(
        id: UUID(2),
        isFavorite: false,
        title: "Functions"
      ),
    ]
    let store = TestStore(initialState: Episodes.State(episodes: episodes)) {
      Episodes(
        favorite: { _, isFavorite in
          try await clock.sleep(for: .seconds(1))
          return isFavorite
        }
      )
    }

    await store.send(\.episodes[id: UUID(0)].favorite.buttonTapped) {
      $0.episodes[id: UUID(0)]?.isFavorite = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: episodes[0].id].favorite.response.success)

    await store.send(\.episodes[id: episodes[1].id].favorite.buttonTapped) {
      $0.episodes[id: UUID(1)]?.isFavorite = true
    }
    await store.send(\.episodes[id: episodes[1].id].favorite.buttonTapped) {
      $0.episodes[id: UUID(1)]?.isFavorite = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: episodes[1].id].favorite.response.success)
  }

  @Test
  func unhappyPath() async {
    let episodes: IdentifiedArrayOf<Episode.State> = [
      Episode.State(
        id: UUID(0),
        isFavorite: false,
        title: "Functions"
      )
    ]
    let store = TestStore(initialState: Episodes.State(episodes: episodes)) {
      Episodes(favorite: { _, _ in throw FavoriteError() })
    }

    await store.send(\.episodes[id: UUID(0)].favorite.buttonTapped) {
      $0.episodes[id: UUID(0)]?.isFavorite = true
    }

    await store.receive(\.episodes[id: episodes[0].id].favorite.response.failure) {
      $0.episodes[id: UUID(0)]?.alert = AlertState {
        TextState("Favoriting failed.")
      }
    }

    await store.send(\.episodes[id: UUID(0)].favorite.alert.dismiss) {
      $0.episodes[id: UUID(0)]?.alert = nil
      $0.episodes[id: UUID(0)]?.isFavorite = false
    }
  }

  // Not TCA's: a wrong alert fails the test.
  @Test
  func wrongAlertFails() async {
    let episodes: IdentifiedArrayOf<Episode.State> = [
      Episode.State(id: UUID(0), isFavorite: false, title: "Functions")
    ]
    let store = TestStore(initialState: Episodes.State(episodes: episodes)) {
      Episodes(favorite: { _, _ in throw FavoriteError() })
    }
    await store.send(\.episodes[id: UUID(0)].favorite.buttonTapped) {
      $0.episodes[id: UUID(0)]?.isFavorite = true
    }
    await withKnownIssue {
      await store.receive(\.episodes[id: UUID(0)].favorite.response.failure) {
        $0.episodes[id: UUID(0)]?.alert = AlertState { TextState("Something else.") }
      }
    }
  }
}
