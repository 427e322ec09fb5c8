import CoreStore
import CoreTesting
import Testing

// TCA's case study "Effects: refreshable" (Examples/CaseStudies), ported by expanding its
// macros and dropping the SwiftUI view; its tests are TCA's, unchanged. Its FactClient is the
// one in TCAEffectsCaseStudiesTests.swift, as the case studies share one.

struct Refreshable: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
  }

  enum Action: CasePathable {
    case cancelButtonTapped
    case decrementButtonTapped
    case factResponse(Result<String, any Error>)
    case incrementButtonTapped
    case refresh
  }

  @Dependency(\.factClient) var factClient
  private enum CancelID { case factRequest }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .cancel(id: CancelID.factRequest)

      case .decrementButtonTapped:
        state.count -= 1
        return .none

      case .factResponse(.success(let fact)):
        state.fact = fact
        return .none

      case .factResponse(.failure):
        // NB: This is where you could do some error handling.
        return .none

      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .refresh:
        state.fact = nil
        return .run { [count = state.count] send in
          await send(
            .factResponse(Result { try await self.factClient.fetch(count) }),
            animation: .default
          )
        }
        .cancellable(id: CancelID.factRequest)
      }
    }
  }
}

@MainActor
struct RefreshableTests {
  @Test
  func happyPath() async {
    let store = TestStore(initialState: Refreshable.State()) {
      Refreshable()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number." }
      $0.continuousClock = ImmediateClock()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.refresh)
    await store.receive(\.factResponse.success) {
      $0.fact = "1 is a good number."
    }
  }

  @Test
  func unhappyPath() async {
    struct FactError: Equatable, Error {}

    let store = TestStore(initialState: Refreshable.State()) {
      Refreshable()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw FactError() }
      $0.continuousClock = ImmediateClock()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.refresh)
    await store.receive(\.factResponse.failure)
  }

  @Test
  func cancellation() async {
    let store = TestStore(initialState: Refreshable.State()) {
      Refreshable()
    } withDependencies: {
      $0.factClient.fetch = {
        try await Task.sleep(for: .seconds(1))
        return "\($0) is a good number."
      }
      $0.continuousClock = ImmediateClock()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.refresh)
    await store.send(.cancelButtonTapped)
  }
}
