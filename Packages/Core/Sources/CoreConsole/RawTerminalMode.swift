import Foundation

/// Raw mode for the line editor: the terminal hands over each key as it is typed, without
/// echo and without turning Ctrl-C into a signal, and gets its settings back on every way the
/// program ends: ``restore()`` after the run, `exit` (an `atexit` hook), and the signals
/// that end it (SIGTERM, SIGHUP, SIGINT, SIGQUIT where the program left their default action;
/// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT always), whose handler restores the
/// settings and then lets the signal do what it did before.
///
/// State lives in memory allocated once, so the signal handler reads it without allocating.
enum RawTerminalMode {
  /// The settings to restore, and the descriptor they belong to (-1: nothing to restore).
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(
    capacity: 1)
  nonisolated(unsafe) private static let savedDescriptor = UnsafeMutablePointer<Int32>.allocate(
    capacity: 1)
  /// Each signal's action before ours, by number, to hand the signal on to.
  nonisolated(unsafe) private static let previousActions =
    UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  nonisolated(unsafe) private static var hooksInstalled = false
  private static let lock = NSLock()

  /// Signals that end a program by default: caught only where the program has not caught
  /// them itself (its handler exits through `exit`, which restores).
  private static let endingSignals = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ, SIGIO, SIGPWR,
  ]
  /// The descriptor whose raw mode a stop (Ctrl-Z, SIGTSTP) suspended, to enter again when
  /// the program is continued in the foreground (-1: none); and the raw settings.
  nonisolated(unsafe) private static let suspendedDescriptor =
    UnsafeMutablePointer<Int32>.allocate(capacity: 1)
  nonisolated(unsafe) private static let rawSettings = UnsafeMutablePointer<termios>.allocate(
    capacity: 1)
  /// Signals of a crash: the handler restores and hands them on to what was there.
  private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

  /// Puts `descriptor`'s terminal in raw mode; false (nothing changed) when it is not a
  /// terminal.
  static func enter(_ descriptor: Int32) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return false }
    installHooks()
    saved.pointee = settings
    savedDescriptor.pointee = descriptor
    // Keys one by one, no echo, Ctrl-C/Ctrl-Z/Ctrl-\ and Ctrl-S/Ctrl-Q as keys; output is
    // processed as before, so a newline still starts the next row at its left.
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSADRAIN, &settings) == 0 else {
      savedDescriptor.pointee = -1
      return false
    }
    rawSettings.pointee = settings
    return true
  }

  /// Job control, as a terminal's Ctrl-Z would have it: the terminal gets its settings back,
  /// the program stops (SIGTSTP's default action) and, once continued in the foreground,
  /// raw mode comes back. False, and nothing happens, when SIGTSTP is ignored (a program
  /// that holds the terminal for its parent must not stop). Safe in a signal handler.
  @discardableResult
  static func stopForJobControl() -> Bool {
    var current = sigaction()
    sigaction(SIGTSTP, nil, &current)
    guard handlerAddress(current) != 1 else { return false }
    suspendedDescriptor.pointee = savedDescriptor.pointee
    restore()
    // The default action stops the process; the signal is let through to this thread, so it
    // stops here, before anything below runs.
    var stopping = sigaction()
    sigemptyset(&stopping.sa_mask)
    sigaction(SIGTSTP, &stopping, nil)
    var stop = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sigaction(SIGTSTP, &current, nil)
    resumeAfterStop()
    return true
  }

  /// After a stop: raw mode again, when the program is in its terminal's foreground (a
  /// program continued in the background tries again on its next SIGCONT). Safe in a signal
  /// handler.
  private static func resumeAfterStop() {
    let descriptor = suspendedDescriptor.pointee
    guard descriptor >= 0 else { return }
    let foreground = tcgetpgrp(descriptor)
    guard foreground < 0 || foreground == getpgrp() else { return }
    suspendedDescriptor.pointee = -1
    // The settings to restore are the ones the terminal has now (the shell may have changed
    // them while the program was stopped).
    guard tcgetattr(descriptor, saved) == 0 else { return }
    savedDescriptor.pointee = descriptor
    _ = tcsetattr(descriptor, TCSANOW, rawSettings)
  }

  /// Gives the terminal its settings back; nothing when it has them. Safe in a signal handler.
  /// At once, not after the output drains: a terminal that stopped reading would keep a
  /// program that is ending waiting forever.
  static func restore() {
    let descriptor = savedDescriptor.pointee
    guard descriptor >= 0 else { return }
    savedDescriptor.pointee = -1
    _ = tcsetattr(descriptor, TCSANOW, saved)
  }

  private static func installHooks() {
    guard !hooksInstalled else { return }
    hooksInstalled = true
    savedDescriptor.pointee = -1
    suspendedDescriptor.pointee = -1
    installJobControl()
    atexit { RawTerminalMode.restore() }
    for signal in endingSignals {
      var current = sigaction()
      sigaction(signal, nil, &current)
      if Self.handlerAddress(current) == 0 { install(signal) }
    }
    for signal in crashSignals {
      install(signal)
    }
  }

  /// The address of an action's handler: 0 for the default action, 1 for ignore.
  private static func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Glibc)
      unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
      unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
  }

  /// SIGTSTP sent from outside (`kill -TSTP`) stops the program as Ctrl-Z does, the
  /// terminal restored first; SIGCONT enters raw mode again when a stop left it suspended.
  /// SIGTSTP is caught only where the program left its default action (an ignored one stays
  /// ignored).
  private static func installJobControl() {
    var current = sigaction()
    sigaction(SIGTSTP, nil, &current)
    if handlerAddress(current) == 0 {
      SignalHandler.install(SIGTSTP, restartingCalls: true) { _ in
        let interrupted = errno
        RawTerminalMode.stopForJobControl()
        errno = interrupted
      }
    }
    SignalHandler.install(SIGCONT, restartingCalls: true) { _ in
      let interrupted = errno
      RawTerminalMode.resumeAfterStop()
      errno = interrupted
    }
  }

  private static func install(_ signal: Int32) {
    SignalHandler.install(signal, restartingCalls: false, previous: previousActions + Int(signal)) {
      signal in
      RawTerminalMode.restore()
      // Whatever came before (the default action, the runtime's crash report) now gets it.
      sigaction(signal, RawTerminalMode.previousActions + Int(signal), nil)
      raise(signal)
    }
  }
}
