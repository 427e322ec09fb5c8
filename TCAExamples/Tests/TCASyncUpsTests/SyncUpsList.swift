import CoreStore
import Foundation

// TCA's SyncUps example (SyncUpsList.swift), ported by expanding its macros; views dropped.

struct SyncUpsList: Reducer {
  enum Destination: CaseReducer {
    case add(SyncUpForm)
    case alert(AlertState<Alert>)

    enum Alert: CasePathable {
      case confirmLoadMockData
    }
  }

  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Shared(.syncUps) var syncUps
  }

  enum Action: CasePathable {
    case addSyncUpButtonTapped
    case confirmAddSyncUpButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case dismissAddSyncUpButtonTapped
    case onDelete(IndexSet)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addSyncUpButtonTapped:
        state.destination = .add(
          SyncUpForm.State(
            syncUp: SyncUp(id: SyncUp.ID(uuid()))
          )
        )
        return .none

      case .confirmAddSyncUpButtonTapped:
        guard case .some(.add(let editState)) = state.destination
        else { return .none }
        var syncUp = editState.syncUp
        syncUp.attendees.removeAll { attendee in
          attendee.name.allSatisfy(\.isWhitespace)
        }
        if syncUp.attendees.isEmpty {
          syncUp.attendees.append(
            editState.syncUp.attendees.first
              ?? Attendee(id: Attendee.ID(uuid()))
          )
        }
        state.$syncUps.withLock { _ = $0.append(syncUp) }
        state.destination = nil
        return .none

      case .destination:
        return .none

      case .dismissAddSyncUpButtonTapped:
        state.destination = nil
        return .none

      case .onDelete(let indexSet):
        state.$syncUps.withLock { $0.remove(atOffsets: indexSet) }
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}
extension SyncUpsList.Destination.State: Equatable {}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  static var syncUps: Self {
    Self[.fileStorage(.documentsDirectory.appending(component: "sync-ups.json")), default: []]
  }
}
