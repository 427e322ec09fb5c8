import AppFeature
import CoreStore
import Foundation
import Observation

/// Keeps `session.json` current while the demo runs: whenever the session (who is signed in,
/// the tab, each tab's link) changes, it is written, so a demo that is killed without a chance
/// to quit (`kill -9`, a power cut) starts again where it was. A write happens on the main
/// actor once the change's batch is done, only when the session differs from the last one
/// written; a write that fails is kept as the reason, and the exit's final save says it.
@MainActor
final class SessionAutosave {
  /// The autosave of this run, once the demo has started.
  static var running: SessionAutosave?

  private let store: Store<AppReducer.State, AppReducer.Action>
  private let file: SessionFile
  private var written: AppSession?
  /// Why the last write failed, while it has not succeeded since.
  private(set) var failure: String?

  /// Watches `store`, writing into `file`; the session as it is now counts as written (it is
  /// what the file holds, or what the demo starts with).
  init(store: Store<AppReducer.State, AppReducer.Action>, file: SessionFile) {
    self.store = store
    self.file = file
    self.written = store.state.router.session
    observe()
  }

  /// Reads the session with observation on, writes it when it changed, and asks to be called
  /// again after the next change of the state.
  private func observe() {
    let session = withObservationTracking {
      store.state.router.session
    } onChange: {
      Task { @MainActor [weak self] in self?.observe() }
    }
    guard session != written else { return }
    do {
      try file.save(session)
      written = session
      failure = nil
    } catch {
      failure = "\(error)"
    }
  }
}
