import CoreStore
import CoreTesting
import Foundation
import Testing

// Not TCA's: the failures a port must still report, on the ported SyncUps.
@MainActor
struct SyncUpsFailureTests {
  @Test
  func wrongAlertFails() async {
    let store = TestStore(initialState: SyncUpDetail.State(syncUp: Shared(value: .mock))) {
      SyncUpDetail()
    } withDependencies: {
      $0.speechClient.authorizationStatus = { .restricted }
    }
    await withKnownIssue {
      await store.send(.startMeetingButtonTapped) {
        $0.destination = .alert(.speechRecognitionDenied)
      }
    }
  }

  @Test
  func unassertedSharedChangeFails() async {
    let store = TestStore(initialState: SyncUpDetail.State(syncUp: Shared(value: .mock))) {
      SyncUpDetail()
    }
    await withKnownIssue {
      await store.send(.deleteMeetings(atOffsets: [0]))
    }
  }
}
