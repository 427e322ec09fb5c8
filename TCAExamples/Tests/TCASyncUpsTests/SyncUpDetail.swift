import CoreStore
import Foundation

// TCA's SyncUps example (SyncUpDetail.swift), ported by expanding its macros; views dropped.

struct SyncUpDetail: Reducer {
  enum Destination: CaseReducer {
    case alert(AlertState<Alert>)
    case edit(SyncUpForm)

    enum Action: CasePathable {
      case alert(Alert)
      case edit(SyncUpForm.Action)
    }

    enum Alert: CasePathable {
      case confirmDeletion
      case continueWithoutRecording
      case openSettings
    }
  }

  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Shared var syncUp: SyncUp
  }

  enum Action: CasePathable, Sendable {
    case cancelEditButtonTapped
    case delegate(Delegate)
    case deleteButtonTapped
    case deleteMeetings(atOffsets: IndexSet)
    case destination(PresentationAction<Destination.Action>)
    case doneEditingButtonTapped
    case editButtonTapped
    case startMeetingButtonTapped

    enum Delegate: CasePathable {
      case startMeeting(Shared<SyncUp>)
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.openSettings) var openSettings
  @Dependency(\.speechClient.authorizationStatus) var authorizationStatus

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        state.destination = nil
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(.deleteSyncUp)
        return .none

      case .deleteMeetings(atOffsets: let indices):
        state.$syncUp.withLock { $0.meetings.remove(atOffsets: indices) }
        return .none

      case .destination(.presented(.alert(let alertAction))):
        switch alertAction {
        case .confirmDeletion:
          @Shared(.syncUps) var syncUps
          $syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }
          return .run { _ in await dismiss() }

        case .continueWithoutRecording:
          return .send(.delegate(.startMeeting(state.$syncUp)))

        case .openSettings:
          return .run { _ in await openSettings() }
        }

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case .some(.edit(let editState)) = state.destination
        else { return .none }
        state.$syncUp.withLock { $0 = editState.syncUp }
        state.destination = nil
        return .none

      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none

      case .startMeetingButtonTapped:
        switch authorizationStatus() {
        case .notDetermined, .authorized:
          return .send(.delegate(.startMeeting(state.$syncUp)))

        case .denied:
          state.destination = .alert(.speechRecognitionDenied)
          return .none

        case .restricted:
          state.destination = .alert(.speechRecognitionRestricted)
          return .none

        @unknown default:
          return .none
        }
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}
extension SyncUpDetail.Destination.State: Equatable {}

extension AlertState where Action == SyncUpDetail.Destination.Alert {
  static let deleteSyncUp = Self {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Yes")
    }
    ButtonState(role: .cancel) {
      TextState("Nevermind")
    }
  } message: {
    TextState("Are you sure you want to delete this meeting?")
  }

  static let speechRecognitionDenied = Self {
    TextState("Speech recognition denied")
  } actions: {
    ButtonState(action: .continueWithoutRecording) {
      TextState("Continue without recording")
    }
    ButtonState(action: .openSettings) {
      TextState("Open settings")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState(
      """
      You previously denied speech recognition and so your meeting will not be recorded. You can \
      enable speech recognition in settings, or you can continue without recording.
      """
    )
  }

  static let speechRecognitionRestricted = Self {
    TextState("Speech recognition restricted")
  } actions: {
    ButtonState(action: .continueWithoutRecording) {
      TextState("Continue without recording")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState(
      """
      Your device does not support speech recognition and so your meeting will not be recorded.
      """
    )
  }
}
