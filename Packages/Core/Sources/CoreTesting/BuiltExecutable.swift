import Foundation
import Synchronization

/// Runs an executable of the package under test (a preview, the demo) as a separate process,
/// the way a person would: arguments, piped standard input, captured output and exit status.
///
/// `swift test` builds every product of the package, so the executable sits in the same build
/// folder as the test binary. In an `async` test, `run` waits without holding a thread, so
/// the tests beside it go on; a synchronous test gets the blocking variant.
///
/// ```swift
/// let run = try await BuiltExecutable.run("EntryPreview", input: "+\nquit\n")
/// #expect(run.status == 0)
/// #expect(run.output.contains("Count: 1"))
/// ```
public enum BuiltExecutable {
  /// What a run printed and how it ended.
  public struct Result: Sendable {
    /// A result, as a run produced it (or as a test builds one for a run that could not start).
    public init(status: Int32, output: String, error: String) {
      self.status = status
      self.output = output
      self.error = error
    }

    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let output: String
    /// Everything written to standard error.
    public let error: String
  }

  /// Why an executable could not be run.
  public struct NotFound: Error, CustomStringConvertible {
    /// The executable's name.
    public let name: String
    /// Where it was looked for.
    public let searched: [String]

    /// One line: what is missing and where it was looked for.
    public var description: String {
      "no executable '\(name)' next to the test binary (looked in \(searched.joined(separator: ", "))); "
        + "build it with swift build first"
    }
  }

  /// The path of the product `name`, found next to the running test binary.
  public static func path(of name: String) throws -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var searched: [String] = []
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      searched.append(directory.path)
      directory.deleteLastPathComponent()
    }
    throw NotFound(name: name, searched: searched)
  }

  /// Runs the product `name` with `arguments`, writing `input` to its standard input, and
  /// waits for it to end (at most `timeout`; then it is killed).
  public static func run(
    _ name: String,
    arguments: [String] = [],
    input: String = "",
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(60)
  ) throws -> Result {
    try run(
      atPath: try path(of: name), arguments: arguments, input: input, environment: environment,
      timeout: timeout)
  }

  /// Runs the executable at `path` like `run(_:arguments:input:environment:timeout:)`.
  public static func run(
    atPath path: String,
    arguments: [String] = [],
    input: String = "",
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(60)
  ) throws -> Result {
    let launched = try Launched(path, arguments: arguments, environment: environment)
    launched.process.terminationHandler = { _ in launched.markEnded() }
    try launched.start(input: input)
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !launched.hasEnded {
      if ContinuousClock.now >= deadline {
        launched.killUnlessEnded()
        break
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    launched.process.waitUntilExit()
    return launched.result()
  }

  /// Runs the product `name` like the synchronous `run`, without holding a thread while the
  /// process runs: an `async` test awaits it, and other tests run meanwhile.
  ///
  /// ```swift
  /// let run = try await BuiltExecutable.run("EntryPreview", input: "+\nquit\n")
  /// ```
  public static func run(
    _ name: String,
    arguments: [String] = [],
    input: String = "",
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(60)
  ) async throws -> Result {
    try await run(
      atPath: try path(of: name), arguments: arguments, input: input, environment: environment,
      timeout: timeout)
  }

  /// Runs the executable at `path` like the `async` `run(_:arguments:input:environment:timeout:)`:
  /// it waits for the process's end, and a process still running after `timeout` is
  /// killed (a hung program fails its test instead of hanging it).
  public static func run(
    atPath path: String,
    arguments: [String] = [],
    input: String = "",
    environment: [String: String]? = nil,
    timeout: Duration = .seconds(60)
  ) async throws -> Result {
    let launched = try Launched(path, arguments: arguments, environment: environment)
    let (ended, endedSignal) = AsyncStream<Void>.makeStream()
    launched.process.terminationHandler = { _ in
      launched.markEnded()
      endedSignal.finish()
    }
    try launched.start(input: input)
    let deadline = Task {
      try await Task.sleep(for: timeout)
      launched.killUnlessEnded()
    }
    for await _ in ended {}
    deadline.cancel()
    return launched.result()
  }
}

/// A started process of ``BuiltExecutable``: its pipes drained on their own threads, and
/// whether it has ended (set by its termination handler).
private final class Launched: @unchecked Sendable {
  let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private let stderr = Pipe()
  private var outputReader: PipeReader?
  private var errorReader: PipeReader?
  private let ended = Mutex(false)

  init(_ path: String, arguments: [String], environment: [String: String]?) throws {
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
  }

  /// Starts the process, its readers, and writes `input` to it (then ends its input).
  func start(input: String) throws {
    try process.run()
    outputReader = PipeReader(stdout.fileHandleForReading)
    errorReader = PipeReader(stderr.fileHandleForReading)
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
  }

  var hasEnded: Bool { ended.withLock { $0 } }

  func markEnded() {
    ended.withLock { $0 = true }
  }

  /// Kills the process if it still runs (checked under the lock its end is marked with, so
  /// an ended process's reused id is never signalled). SIGKILL: a test process may hand its
  /// children an ignored SIGTERM.
  func killUnlessEnded() {
    ended.withLock { ended in
      if !ended { kill(process.processIdentifier, SIGKILL) }
    }
  }

  /// The exit status and everything the process wrote; call after it ended.
  func result() -> BuiltExecutable.Result {
    BuiltExecutable.Result(
      status: process.terminationStatus,
      output: outputReader?.finish() ?? "",
      error: errorReader?.finish() ?? "")
  }
}

/// Drains a pipe on its own thread, so a chatty process never blocks on a full pipe.
private final class PipeReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func finish() -> String {
    done.wait()
    return String(decoding: data, as: UTF8.self)
  }
}
