import Foundation

/// Gives the demo the terminal to itself when a program that shares its process group started
/// it (`make run`, a shell script): a terminal sends Ctrl-C's SIGINT to its whole foreground
/// group, so `make` would print "Interrupt" while the demo was still saving. In a group of its
/// own the demo alone gets the signal, ends as ``InterruptHandler`` says, and hands the
/// terminal back to the group that had it on every way out.
///
/// Does nothing unless standard input is a terminal whose foreground is this process's group
/// (never in the background, a pipe or a script) and another process leads the group. While
/// the demo holds the terminal this way, Ctrl-Z is ignored: a stopped demo in a group of its
/// own would leave its parent waiting with the terminal stopped; run `demo` directly from a
/// shell to suspend it.
public enum TerminalForeground {
  nonisolated(unsafe) private static var previousGroup: pid_t?

  /// Moves the demo into a process group of its own and makes it the terminal's foreground.
  /// Call once, at start, before any signal handler is installed.
  public static func take() {
    let group = getpgrp()
    guard isatty(STDIN_FILENO) == 1, tcgetpgrp(STDIN_FILENO) == group, getpid() != group
    else { return }
    guard setpgid(0, 0) == 0 else { return }
    let moved = withTerminalOutputAllowed { tcsetpgrp(STDIN_FILENO, getpid()) == 0 }
    guard moved else {
      _ = setpgid(0, group)
      return
    }
    previousGroup = group
    signal(SIGTSTP, SIG_IGN)
    atexit { TerminalForeground.giveBack() }
  }

  /// Hands the terminal back to the group that had it; `exit` calls it on every way out.
  static func giveBack() {
    guard let group = previousGroup else { return }
    previousGroup = nil
    _ = withTerminalOutputAllowed { tcsetpgrp(STDIN_FILENO, group) == 0 }
  }

  /// Runs `body` with SIGTTOU blocked: a process that is not in the terminal's foreground
  /// group may change it only then.
  private static func withTerminalOutputAllowed(_ body: () -> Bool) -> Bool {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTTOU)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return body()
  }
}
