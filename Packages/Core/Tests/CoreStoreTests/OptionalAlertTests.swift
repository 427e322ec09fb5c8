import CoreStore
import CoreTesting
import Testing

/// An alert held as a plain optional, as TCA's `ifLet` on an `_EphemeralState` runs it
/// (TCA's IfLetReducerTests, `testEphemeralState` and `testEphemeralDismissal`).
struct PlainAlertFeature: Reducer {
  struct State: Equatable {
    var alert: AlertState<Action.Alert>?
    var dialog: ConfirmationDialogState<Action.Dialog>?
    var log: [String] = []
  }

  enum Action: CasePathable, Equatable, Sendable {
    case alert(Alert)
    case dialog(Dialog)
    case tap
    case menu

    enum Alert: CasePathable, Equatable, Sendable {
      case again
      case ok
      case other
    }

    enum Dialog: CasePathable, Equatable, Sendable {
      case sort
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.ok):
        state.log.append("ok")
        return .none
      case .alert(.again), .tap:
        state.alert = AlertState { TextState("Hello") }
        return .none
      case .alert(.other):
        state.alert = AlertState { TextState("Other") }
        return .none
      case .dialog(.sort):
        state.log.append("sort")
        return .none
      case .menu:
        state.dialog = ConfirmationDialogState(title: "Sort?", buttons: [])
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
    .ifLet(\.dialog, action: CasePath(\.dialog))
  }
}

@MainActor
@Suite("an alert or a dialog held as a plain optional")
struct OptionalAlertTests {
  @Test("a button's action reaches the parent, then the alert closes")
  func closesAfterItsAction() async {
    let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hello") } }
    await store.send(.alert(.ok)) {
      $0.alert = nil
      $0.log = ["ok"]
    }
  }

  @Test("an alert shown again in answer stays, however alike, as each alert is a new one")
  func answeredWithAnEqualAlert() async {
    let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hello") } }
    await store.send(.alert(.again))
    await store.send(.alert(.other)) { $0.alert = AlertState { TextState("Other") } }
    await store.send(.alert(.ok)) {
      $0.alert = nil
      $0.log = ["ok"]
    }
  }

  @Test("a dialog, with its action named by a case path, closes the same way")
  func dialogCloses() async {
    let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
    await store.send(.menu) { $0.dialog = ConfirmationDialogState(title: "Sort?", buttons: []) }
    await store.send(.dialog(.sort)) {
      $0.dialog = nil
      $0.log = ["sort"]
    }
  }

  @Test("a test that expects the alert to stay after its action fails")
  func expectingItToStayFails() async {
    let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hello") } }
    await withKnownIssue {
      await store.send(.alert(.ok)) { $0.log = ["ok"] }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("alert") }
    }
  }

  @Test("an action for an alert that is not shown is reported")
  func actionWithoutAlert() async {
    let store = TestStore(initialState: PlainAlertFeature.State()) { PlainAlertFeature() }
    await withKnownIssue {
      await store.send(.alert(.ok)) { $0.log = ["ok"] }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("optional child that is nil") }
    }
  }
}

@Suite("alerts and dialogs are compared by what they show")
struct AlertIdentityTests {
  @Test("two alerts made alike are equal, hash alike and differ in id")
  func equalButNotTheSame() {
    let first = AlertState<Never>(title: "Saved", message: "Done")
    let second = AlertState<Never>(title: "Saved", message: "Done")
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.id != second.id)
    #expect(first != AlertState<Never>(title: "Saved", message: "Not done"))
    let dialog = ConfirmationDialogState<Never>(title: "Sort?", buttons: [])
    let again = ConfirmationDialogState<Never>(title: "Sort?", buttons: [])
    #expect(dialog == again && dialog.id != again.id)
    #expect(
      dialog
        != ConfirmationDialogState<Never>(title: "Sort?", titleVisibility: .hidden, buttons: []))
  }

  @Test("map keeps the id; a description shows no id")
  func mapAndDescription() {
    let alert = AlertState<Int>(title: "Pick", buttons: [ButtonState(action: 1, label: "One")])
    let mapped = alert.map { $0.map(String.init) }
    #expect(mapped.id == alert.id)
    #expect(mapped.buttons.first?.action == "1")
    let dialog = ConfirmationDialogState<Int>(title: "Pick", buttons: [])
    #expect(dialog.map { $0.map(String.init) }.id == dialog.id)
    let text = ValueDescription.oneLine(alert)
    #expect(text.contains("title: \"Pick\""))
    #expect(!text.contains(alert.id.uuidString))
    #expect(!text.contains("id:"))
  }
}

/// A plain optional enum whose one case is an alert: the alert closes after its action, the
/// other case stays while it acts.
struct PlainDestinationFeature: Reducer {
  struct State: Equatable {
    var destination: Destination?
  }

  enum Destination: Equatable {
    case alert(AlertState<DestinationAction>)
    case counter(Int)
  }

  enum DestinationAction: CasePathable, Equatable, Sendable {
    case confirm
    case increment
  }

  enum Action: CasePathable, Equatable, Sendable {
    case destination(DestinationAction)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.destination, action: \.destination) {
        Reduce { destination, action in
          if case .counter(let count) = destination, action == .increment {
            destination = .counter(count + 1)
          }
          return .none
        }
      }
  }
}

@MainActor
@Suite("an optional enum with an alert case")
struct OptionalDestinationAlertTests {
  @Test("the alert case closes after its action")
  func alertCaseCloses() async {
    let alert = AlertState<PlainDestinationFeature.DestinationAction>(title: "Sure?")
    let store = TestStore(initialState: PlainDestinationFeature.State(destination: .alert(alert))) {
      PlainDestinationFeature()
    }
    await store.send(.destination(.confirm)) { $0.destination = nil }
  }

  @Test("a case that is not an alert stays while it acts")
  func otherCaseStays() async {
    let store = TestStore(initialState: PlainDestinationFeature.State(destination: .counter(1))) {
      PlainDestinationFeature()
    }
    await store.send(.destination(.increment)) { $0.destination = .counter(2) }
  }
}
