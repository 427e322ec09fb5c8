import CoreStore
import CoreTesting
import Testing

// TCA's case study "Bindings: forms" (Examples/CaseStudies), ported by expanding its macros and
// dropping the SwiftUI view; its test is TCA's, unchanged.

struct BindingForm: Reducer {
  struct State: Equatable {
    var sliderValue = 5.0
    var stepCount = 10
    var text = ""
    var toggleIsOn = false
  }

  enum Action: BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.stepCount):
        state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
        return .none

      case .binding:
        return .none

      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

@MainActor
struct BindingFormTests {
  @Test
  func basics() async {
    let store = TestStore(initialState: BindingForm.State()) {
      BindingForm()
    }

    await store.send(\.binding.sliderValue, 2) {
      $0.sliderValue = 2
    }
    await store.send(\.binding.stepCount, 1) {
      $0.sliderValue = 1
      $0.stepCount = 1
    }
    await store.send(\.binding.text, "Blob") {
      $0.text = "Blob"
    }
    await store.send(\.binding.toggleIsOn, true) {
      $0.toggleIsOn = true
    }
    await store.send(.resetButtonTapped) {
      $0 = BindingForm.State(sliderValue: 5, stepCount: 10, text: "", toggleIsOn: false)
    }
  }
}
