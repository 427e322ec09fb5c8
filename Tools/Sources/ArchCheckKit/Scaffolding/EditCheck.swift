import Foundation

/// The check `make remove-feature` and `make route` run on the tree they left, before they keep
/// it: a shell command (the Makefile's: the layout guard, a build of the workspace and its
/// tests, and the golden transcripts run in record mode). Its output goes to the person as it comes, and is
/// kept so the compiler's errors can be read (``CompilerRepair``). Ctrl-C ends the command and
/// throws one line; the removal is then put back.
enum EditCheck {
  /// How the command ended, and what it printed (standard output and error together).
  struct Outcome {
    let succeeded: Bool
    let output: String
  }

  /// Runs `command` in `root` through `/bin/sh`; throws one line when it was stopped (Ctrl-C,
  /// a signal), and returns how it ended otherwise.
  static func run(_ command: String, root: URL, edit: String) throws(ArchCheckError)
    -> Outcome
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = root
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    // Ctrl-C reaches the command (it is in the terminal's process group) and ends it; this
    // process stays to put the tree back, and so it does when only it is asked to stop. A
    // handler, unlike SIG_IGN, is not inherited by the command.
    stopRequested = 0
    let previousInterrupt = signal(SIGINT, { _ in stopRequested = 1 })
    let previousTerminate = signal(SIGTERM, { _ in stopRequested = 1 })
    defer {
      signal(SIGINT, previousInterrupt)
      signal(SIGTERM, previousTerminate)
    }
    do {
      try process.run()
    } catch {
      throw .file("cannot run the check after \(edit): \(error.localizedDescription)")
    }
    // What it prints is shown as it comes and kept.
    var output = Data()
    let reader = pipe.fileHandleForReading
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      FileHandle.standardError.write(chunk)
      output.append(chunk)
    }
    process.waitUntilExit()
    if stopRequested != 0 {
      throw .invalidInput(
        "stopped during the build and tests after \(edit); everything is back as "
          + "it was")
    }
    if process.terminationReason == .uncaughtSignal {
      throw .invalidInput(
        "the build and tests after \(edit) were stopped (signal "
          + "\(process.terminationStatus)); everything is back as it was")
    }
    return Outcome(
      succeeded: process.terminationStatus == 0,
      output: String(decoding: output, as: UTF8.self))
  }
}

/// Set by the signal handlers while the check runs: the person asked to stop. Only ever
/// written as a whole word by a handler and read after the command ends.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0
