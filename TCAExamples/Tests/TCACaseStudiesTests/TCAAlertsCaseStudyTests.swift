import CoreStore
import CoreTesting
import Foundation
import Testing

// TCA's case study "Alerts and confirmation dialogs" (Examples/CaseStudies), ported by expanding its macros and
// dropping the SwiftUI views; its tests are TCA's, unchanged.

struct AlertAndConfirmationDialog: Reducer {
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    var count = 0
  }

  enum Action: CasePathable {
    case alert(PresentationAction<Alert>)
    case alertButtonTapped
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    case confirmationDialogButtonTapped

    enum Alert: CasePathable {
      case incrementButtonTapped
    }
    enum ConfirmationDialog: CasePathable {
      case incrementButtonTapped
      case decrementButtonTapped
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.incrementButtonTapped)),
        .confirmationDialog(.presented(.incrementButtonTapped)):
        state.alert = AlertState { TextState("Incremented!") }
        state.count += 1
        return .none

      case .alert:
        return .none

      case .alertButtonTapped:
        state.alert = AlertState {
          TextState("Alert!")
        } actions: {
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
          ButtonState(action: .incrementButtonTapped) {
            TextState("Increment")
          }
        } message: {
          TextState("This is an alert")
        }
        return .none

      case .confirmationDialog(.presented(.decrementButtonTapped)):
        state.alert = AlertState { TextState("Decremented!") }
        state.count -= 1
        return .none

      case .confirmationDialog:
        return .none

      case .confirmationDialogButtonTapped:
        state.confirmationDialog = ConfirmationDialogState {
          TextState("Confirmation dialog")
        } actions: {
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
          ButtonState(action: .incrementButtonTapped) {
            TextState("Increment")
          }
          ButtonState(action: .decrementButtonTapped) {
            TextState("Decrement")
          }
        } message: {
          TextState("This is a confirmation dialog.")
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }
}

@MainActor
struct AlertsAndConfirmationDialogsTests {
  @Test
  func alert() async {
    let store = TestStore(initialState: AlertAndConfirmationDialog.State()) {
      AlertAndConfirmationDialog()
    }

    await store.send(.alertButtonTapped) {
      $0.alert = AlertState {
        TextState("Alert!")
      } actions: {
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
        ButtonState(action: .incrementButtonTapped) {
          TextState("Increment")
        }
      } message: {
        TextState("This is an alert")
      }
    }
    await store.send(\.alert.incrementButtonTapped) {
      $0.alert = AlertState { TextState("Incremented!") }
      $0.count = 1
    }
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
  }

  @Test
  func confirmationDialog() async {
    let store = TestStore(initialState: AlertAndConfirmationDialog.State()) {
      AlertAndConfirmationDialog()
    }

    await store.send(.confirmationDialogButtonTapped) {
      $0.confirmationDialog = ConfirmationDialogState {
        TextState("Confirmation dialog")
      } actions: {
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
        ButtonState(action: .incrementButtonTapped) {
          TextState("Increment")
        }
        ButtonState(action: .decrementButtonTapped) {
          TextState("Decrement")
        }
      } message: {
        TextState("This is a confirmation dialog.")
      }
    }
    await store.send(\.confirmationDialog.incrementButtonTapped) {
      $0.alert = AlertState { TextState("Incremented!") }
      $0.confirmationDialog = nil
      $0.count = 1
    }
  }
}
