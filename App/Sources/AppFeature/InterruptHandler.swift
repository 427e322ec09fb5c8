import Dispatch
import Foundation
import ItemsClientLive

/// Ends the demo cleanly on Ctrl-C (SIGINT), SIGTERM or SIGHUP: waits for a save under way to
/// finish (so no write is cut short), runs `onInterrupt`, and exits 130, 143 or 129.
public enum InterruptHandler {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Installs the handler. Call once, from the main actor, before the item file is loaded.
  @MainActor
  public static func install(onInterrupt: @escaping @MainActor () -> Void) {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler {
        SaveGate.afterSaves {
          MainActor.assumeIsolated { onInterrupt() }
          exit(128 + signalNumber)
        }
      }
      source.resume()
      sources.append(source)
    }
  }
}
