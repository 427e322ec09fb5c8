import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A contacts list written as TCA's tutorial writes it (only the macros expanded): an alert
/// and a confirmation dialog built with `TextState`, `ButtonState` and the button builder.
struct ContactsFeature: Reducer {
  struct State: Equatable {
    var contacts = ["Blob", "Blob Jr", "Blob Sr"]
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
    var isSortable = true
  }

  enum Action: CasePathable, Equatable, Sendable {
    case deleteButtonTapped(name: String)
    case menuButtonTapped
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)

    enum Alert: CasePathable, Equatable, Sendable {
      case confirmDeletion(name: String)
    }

    enum Dialog: CasePathable, Equatable, Sendable {
      case sort
      case clear
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped(let name):
        state.alert = AlertState {
          TextState("Are you sure?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(name: name)) {
            TextState("Delete")
          }
        } message: {
          TextState("Delete ") + TextState(name).bold() + TextState("?")
        }
        return .none
      case .alert(.presented(.confirmDeletion(let name))):
        state.contacts.removeAll { $0 == name }
        return .none
      case .menuButtonTapped:
        let isSortable = state.isSortable
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Contacts")
        } actions: {
          if isSortable {
            ButtonState(action: .send(.sort)) { TextState("Sort") }
          }
          ButtonState(role: .destructive, action: .clear) { TextState("Clear all") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .dialog(.presented(.sort)):
        state.contacts.sort(by: >)
        return .none
      case .dialog(.presented(.clear)):
        state.contacts.removeAll()
        return .none
      case .alert, .dialog:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
  }
}

@MainActor
@Suite("Alerts and dialogs in TCA's spelling")
struct TCAAlertSpellingTests {
  @Test("the alert is asserted as TCA writes it; confirming deletes and closes it")
  func deleteWithAlert() async {
    let store = TestStore(initialState: ContactsFeature.State()) { ContactsFeature() }
    await store.send(.deleteButtonTapped(name: "Blob Jr")) {
      $0.alert = AlertState {
        TextState("Are you sure?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion(name: "Blob Jr")) {
          TextState("Delete")
        }
      } message: {
        TextState("Delete Blob Jr?")
      }
    }
    await store.send(\.alert.presented.confirmDeletion, "Blob Jr") {
      $0.alert = nil
      $0.contacts = ["Blob", "Blob Sr"]
    }
  }

  @Test("the String spelling builds the same alert; a wrong button fails the step")
  func sameValueEitherSpelling() async {
    let tca = AlertState<ContactsFeature.Action.Alert> {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(name: "Blob")) {
        TextState("Delete")
      }
    } message: {
      TextState("Delete Blob?")
    }
    let plain = AlertState<ContactsFeature.Action.Alert>(
      title: "Are you sure?", message: "Delete Blob?",
      buttons: [
        ButtonState(role: .destructive, action: .confirmDeletion(name: "Blob"), label: "Delete")
      ])
    #expect(tca == plain)

    let store = TestStore(initialState: ContactsFeature.State()) { ContactsFeature() }
    await withKnownIssue {
      await store.send(.deleteButtonTapped(name: "Blob")) {
        $0.alert = AlertState {
          TextState("Are you sure?")
        } actions: {
          ButtonState(role: .cancel) { TextState("Delete") }
        } message: {
          TextState("Delete Blob?")
        }
      }
    }
  }

  @Test("a dialog from the builder: an if adds a button or leaves it out; a choice is received")
  func dialog() async {
    let store = TestStore(initialState: ContactsFeature.State()) { ContactsFeature() }
    await store.send(.menuButtonTapped) {
      $0.dialog = ConfirmationDialogState(
        title: "Contacts", titleVisibility: .visible,
        buttons: [
          ButtonState(action: .sort, label: "Sort"),
          ButtonState(role: .destructive, action: .clear, label: "Clear all"),
          ButtonState(role: .cancel, label: "Cancel"),
        ])
    }
    await store.send(\.dialog.presented.sort) {
      $0.dialog = nil
      $0.contacts = ["Blob Sr", "Blob Jr", "Blob"]
    }
    var unsortable = ContactsFeature.State()
    unsortable.isSortable = false
    let other = TestStore(initialState: unsortable) { ContactsFeature() }
    await other.send(.menuButtonTapped) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Contacts")
      } actions: {
        ButtonState(role: .destructive, action: .clear) { TextState("Clear all") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
  }

  @Test("TextState: plain words in the terminal; emphasis counts for equality; map and withAction")
  func textAndButtons() {
    let text = TextState("Delete ") + TextState("Blob").bold().italic()
    #expect(String(state: text) == "Delete Blob")
    #expect("\(text)" == "Delete Blob")
    #expect(TextState("Blob").bold() != TextState("Blob"))
    #expect(TextState(verbatim: "a") == TextState("a"))
    let button = ButtonState<Int>(role: .destructive, action: .send(1)) { TextState("One") }
    let mapped = button.map { $0.map { "\($0)" } }
    #expect(mapped == ButtonState(role: .destructive, action: "1", label: "One"))
    var sent: Int??
    button.withAction { sent = $0 }
    #expect(sent == .some(1))
    let closer = ButtonState<Int>(role: ButtonStateRole.cancel) { TextState("Close") }
    #expect(closer.action == nil && closer.role == .cancel)
    let alert = AlertState<Int> {
      TextState("Hi")
    } actions: {
      button
    }
    #expect(alert.map { $0.map { $0 + 1 } }.buttons.first?.action == 2)
  }
}
