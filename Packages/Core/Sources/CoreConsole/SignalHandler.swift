import Foundation

/// Installs a C signal handler, the one way the console's parts do it (raw mode's restore,
/// job control, the wake-up of a blocked write).
enum SignalHandler {
  /// Installs `handler` for `signal`; with `restartingCalls`, a system call it interrupts is
  /// restarted (`SA_RESTART`), without, it fails with `EINTR`. The action it replaces goes
  /// to `previous`, when given.
  static func install(
    _ signal: Int32, restartingCalls: Bool,
    previous: UnsafeMutablePointer<sigaction>? = nil,
    _ handler: @convention(c) (Int32) -> Void
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = restartingCalls ? SA_RESTART : 0
    sigaction(signal, &action, previous)
  }
}
