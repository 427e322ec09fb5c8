import CoreStore
import CoreTesting
import Foundation
import Testing

// TCA's case study "Shared state: user defaults" (Examples/CaseStudies), ported by expanding its macros and
// dropping the SwiftUI views; its tests are TCA's, unchanged.

struct SharedStateUserDefaults: Reducer {
  enum Tab { case counter, profile }

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

extension SharedStateUserDefaults {
  struct CounterTab: Reducer {
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      @Shared(.count) var count = 0
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
          state.$count.withLock { $0 -= 1 }
          return .none

        case .incrementButtonTapped:
          state.$count.withLock { $0 += 1 }
          return .none

        case .isPrimeButtonTapped:
          state.alert = AlertState {
            TextState(
              isPrime(state.count)
                ? "👍 The number \(state.count) is prime!"
                : "👎 The number \(state.count) is not prime :("
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
      @Shared(.count) var count = 0
    }

    enum Action: CasePathable {
      case resetStatsButtonTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .resetStatsButtonTapped:
          state.$count.withLock { $0 = 0 }
          return .none
        }
      }
    }
  }
}

extension SharedKey where Self == AppStorageKey<Int> {
  fileprivate static var count: Self {
    appStorage("sharedStateDemoCount")
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
struct SharedStateUserDefaultsTests {
  @Test
  func tabSelection() async {
    let store = TestStore(initialState: SharedStateUserDefaults.State()) {
      SharedStateUserDefaults()
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
    let store = TestStore(initialState: SharedStateUserDefaults.State()) {
      SharedStateUserDefaults()
    }

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.$count.withLock { $0 = 1 }
    }

    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.$count.withLock { $0 = 0 }
    }

    await store.send(.profile(.resetStatsButtonTapped)) {
      $0.profile.$count.withLock { $0 = 0 }
    }
  }

  @Test
  func alert() async {
    let store = TestStore(initialState: SharedStateUserDefaults.State()) {
      SharedStateUserDefaults()
    }

    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.alert = AlertState {
        TextState("👎 The number 0 is not prime :(")
      }
    }
  }
}
