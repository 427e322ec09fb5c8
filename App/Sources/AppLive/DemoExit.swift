import AppFeature
import CoreConsole
import Foundation
import ItemsClientLive

/// How the demo ends, on every path: quit, the end of input, a failed script line, output
/// that could not be written, or a signal. Whatever the list shows and the file does not
/// hold yet is saved first, and so are the settings a write could not save, with no other
/// save able to start until the process is gone; a change that could not be saved is named
/// on standard error and the exit status is 1.
@MainActor
public enum DemoExit {
  /// The storage and console the run uses, once they exist.
  public static var running:
    (setup: DemoSetup, console: Console<AppReducer.State, AppReducer.Action>)?

  /// Saves what is unsaved, says what could not be, and ends the process with `status` (1
  /// when changes are lost).
  public static func finish(status: Int32) -> Never {
    // A signal stopped the writes that held the run up: the run ends as the signal says.
    if let signalNumber = InterruptHandler.received { interrupted(by: signalNumber) }
    return SaveGate.afterSaves {
      var status = status
      saveSession()
      if !saveSettings() { status = 1 }
      if let (setup, console) = running,
        let reason = setup.saveShownItems(from: console.store.state)
      {
        ConsoleLauncher.printWarning("your last changes were not saved and are lost now: \(reason)")
        status = 1
      }
      exit(status)
    }
  }

  /// A signal (SIGINT, SIGTERM, SIGHUP, any of `InterruptHandler.endingSignals`) ends the demo: after the unsaved list is saved, it
  /// says so and exits 128 + the signal; if a change could not be saved, it names it and
  /// exits 1.
  public static func interrupted(by signalNumber: Int32) -> Never {
    SaveGate.afterSaves {
      saveSession()
      let settingsSaved = saveSettings()
      if let (setup, console) = running,
        let reason = setup.saveShownItems(from: console.store.state)
      {
        StandardStream.output("\n(interrupted)\n")
        ConsoleLauncher.printWarning(
          "interrupted; your last changes were not saved and are lost now: \(reason)")
        exit(1)
      }
      guard settingsSaved else {
        StandardStream.output("\n(interrupted)\n")
        exit(1)
      }
      StandardStream.output("\n(interrupted; every change is saved)\n")
      exit(128 + signalNumber)
    }
  }

  /// Writes the session; a session that could not be written is named (the items' fate, and
  /// so the exit status, does not depend on it: the next start opens the session saved last).
  private static func saveSession() {
    guard let (setup, console) = running,
      let reason = setup.saveSession(from: console.store.state)
    else { return }
    ConsoleLauncher.printWarning(
      "this session was not saved, so the next start opens the one saved before it, if any: "
        + reason)
  }

  /// Writes the settings a save could not write yet; false, after naming them, when they
  /// still cannot be: they are lost, and the exit status is 1.
  private static func saveSettings() -> Bool {
    guard let (setup, _) = running, let reason = setup.saveSettings() else { return true }
    ConsoleLauncher.printWarning("your settings were not saved and are lost now: \(reason)")
    return false
  }
}
