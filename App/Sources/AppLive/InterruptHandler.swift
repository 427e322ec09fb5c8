import AppFeature
import CoreConsole
import Dispatch
import Foundation

/// Ends the demo cleanly on Ctrl-C (SIGINT), SIGTERM, SIGHUP or any other signal that would
/// end it (``endingSignals``), through ``DemoExit``: a save under way finishes, the unsaved
/// list is saved, and the demo exits 128 + the signal (130, 143, 129…; 1 when a change could
/// not be saved). The handler runs on the main queue, which long work (reading
/// a large file, a load) leaves free, so a signal is answered at once.
///
/// The signal is received on a queue of its own, not the main one: the main queue may be
/// stuck in a write to output nobody reads (a terminal that stopped reading, a pipe nobody
/// drains), so the handler first stops every write from waiting
/// (`StandardStream.stopWaitingForReaders()`), which frees the main queue, and then ends the
/// demo there.
public enum InterruptHandler {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  private static let queue = DispatchQueue(label: "demo.signals")
  private static let lock = NSLock()
  nonisolated(unsafe) private static var receivedSignal: Int32?

  /// The ending signal that came, if one did: the demo ends as that signal says, even when
  /// another way out (output that failed as writes stopped waiting) gets there first.
  public static var received: Int32? { lock.withLock { receivedSignal } }

  /// Every catchable signal whose default action ends a program: SIGINT, SIGTERM and SIGHUP,
  /// and SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the rest, which would otherwise end the demo
  /// without a save (and SIGQUIT with the runtime's crash report).
  static let endingSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ, SIGIO, SIGPWR,
  ]

  /// Installs the handler. Call once, from the main actor, before the item file is loaded.
  @MainActor
  public static func install() {
    for signalNumber in endingSignals {
      // Ignored first, so the default action does not end the demo; the source then takes
      // over delivery (libdispatch installs its own handler when it is resumed).
      signal(signalNumber, SIG_IGN)
      sources.append(source(for: signalNumber))
    }
  }

  /// A running source for `signalNumber` on the signals' queue. Made outside the main actor,
  /// so its handler is not the main actor's: it runs while the main queue is stuck.
  private static func source(for signalNumber: Int32) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
    source.setEventHandler { received(signalNumber) }
    source.resume()
    return source
  }

  /// The first ending signal stops the writes that wait for a reader, then ends the demo on
  /// the main queue; a later one changes nothing.
  private static func received(_ signalNumber: Int32) {
    let first = lock.withLock {
      defer { receivedSignal = receivedSignal ?? signalNumber }
      return receivedSignal == nil
    }
    guard first else { return }
    StandardStream.stopWaitingForReaders()
    DispatchQueue.main.async {
      MainActor.assumeIsolated { () -> Void in DemoExit.interrupted(by: signalNumber) }
    }
  }
}
