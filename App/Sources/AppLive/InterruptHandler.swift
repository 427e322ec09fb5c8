import AppFeature
import Dispatch
import Foundation

/// Ends the demo cleanly on Ctrl-C (SIGINT), SIGTERM or SIGHUP, through ``DemoExit``: a save
/// under way finishes, the unsaved list is saved, and the demo exits 130, 143 or 129 (1 when
/// a change could not be saved). The handler runs on the main queue, which long work (reading
/// a large file, a load) leaves free, so a signal is answered at once.
public enum InterruptHandler {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Installs the handler. Call once, from the main actor, before the item file is loaded.
  @MainActor
  public static func install() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      // Ignored first, so the default action does not end the demo; the source then takes
      // over delivery (libdispatch installs its own handler when it is resumed).
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { () -> Void in DemoExit.interrupted(by: signalNumber) }
      }
      source.resume()
      sources.append(source)
    }
  }
}
