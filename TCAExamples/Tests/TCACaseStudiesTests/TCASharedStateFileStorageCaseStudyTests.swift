import CoreStore
import CoreTesting
import Foundation
import Testing

// TCA's case study "Shared state: file storage" (Examples/CaseStudies), ported by expanding its macros and
// dropping the SwiftUI views; its tests are TCA's, unchanged.

struct SharedStateFileStorage: Reducer {
  enum Tab: Equatable { case counter, profile }

  struct State: Equatable {
    var currentTab = Tab.counter
    var counter = CounterTab.State()
    var profile = ProfileTab.State()
  }

  enum Action: CasePathable {
    case counter(CounterTab.Action)
    case profile(ProfileTab.Action)
    case selectTab(Tab)
  }

  var body: some Reducer<State, Action> {
    Scope(\.counter, action: \.counter) {
      CounterTab()
    }

    Scope(\.profile, action: \.profile) {
      ProfileTab()
    }

    Reduce { state, action in
      switch action {
      case .counter, .profile:
        return .none
      case .selectTab(let tab):
        state.currentTab = tab
        return .none
      }
    }
  }
}

extension SharedStateFileStorage {
  struct CounterTab: Reducer {
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      @Shared(.stats) var stats = Stats()
    }

    enum Action: CasePathable {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isPrimeButtonTapped

      enum Alert: Equatable {}
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none

        case .decrementButtonTapped:
          state.$stats.withLock { $0.decrement() }
          return .none

        case .incrementButtonTapped:
          state.$stats.withLock { $0.increment() }
          return .none

        case .isPrimeButtonTapped:
          state.alert = AlertState {
            TextState(
              isPrime(state.stats.count)
                ? "👍 The number \(state.stats.count) is prime!"
                : "👎 The number \(state.stats.count) is not prime :("
            )
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  struct ProfileTab: Reducer {
    struct State: Equatable {
      @Shared(.stats) var stats = Stats()
    }

    enum Action: CasePathable {
      case resetStatsButtonTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .resetStatsButtonTapped:
          state.$stats.withLock { $0 = Stats() }
          return .none
        }
      }
    }
  }
}

struct Stats: Codable, Equatable {
  private(set) var count = 0
  private(set) var maxCount = 0
  private(set) var minCount = 0
  private(set) var numberOfCounts = 0
  mutating func increment() {
    count += 1
    numberOfCounts += 1
    maxCount = max(maxCount, count)
  }
  mutating func decrement() {
    count -= 1
    numberOfCounts += 1
    minCount = min(minCount, count)
  }
}

extension SharedKey where Self == FileStorageKey<Stats> {
  fileprivate static var stats: Self {
    fileStorage(.documentsDirectory.appending(component: "stats.json"))
  }
}

/// Checks if a number is prime or not.
private func isPrime(_ p: Int) -> Bool {
  if p <= 1 { return false }
  if p <= 3 { return true }
  for i in 2...Int(sqrtf(Float(p))) {
    if p % i == 0 { return false }
  }
  return true
}

@MainActor
struct SharedStateFileStorageTests {
  @Test
  func tabSelection() async {
    let store = TestStore(initialState: SharedStateFileStorage.State()) {
      SharedStateFileStorage()
    }

    await store.send(.selectTab(.profile)) {
      $0.currentTab = .profile
    }
    await store.send(.selectTab(.counter)) {
      $0.currentTab = .counter
    }
  }

  @Test
  func sharedCounts() async {
    let store = TestStore(initialState: SharedStateFileStorage.State()) {
      SharedStateFileStorage()
    }

    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$stats.withLock { $0.increment() }
    }

    await store.send(\.counter.decrementButtonTapped) {
      $0.counter.$stats.withLock { $0.decrement() }
    }

    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.$stats.withLock { $0 = Stats() }
    }
  }

  @Test
  func alert() async {
    let store = TestStore(initialState: SharedStateFileStorage.State()) {
      SharedStateFileStorage()
    }

    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.alert = AlertState {
        TextState("👎 The number 0 is not prime :(")
      }
    }
  }
}
