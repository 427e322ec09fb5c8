import Dispatch
import Foundation

/// Ends the demo cleanly on Ctrl-C (SIGINT) or SIGTERM: runs `onInterrupt` and exits with 130.
/// Nothing saved is lost: every save replaces the file atomically, so a save cut short leaves
/// the previous list in place.
public enum InterruptHandler {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// Installs the handler. Call once, from the main actor, before the console starts.
  @MainActor
  public static func install(onInterrupt: @escaping @MainActor () -> Void) {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { onInterrupt() }
        exit(130)
      }
      source.resume()
      sources.append(source)
    }
  }
}
