import CoreDependencies
import CoreTesting
import Foundation
import Testing

/// The built `demo` as a running process a test talks to: what it writes to its standard
/// input, what it has printed so far (read as it comes, so it never blocks on a full pipe),
/// signals, and its exit status. With `terminal: true` its standard input, output and error
/// are a pseudo-terminal the test opened itself, so the demo runs as it does for a person.
final class RunningDemo: @unchecked Sendable {
  let process = Process()
  private let input: FileHandle?
  /// The pseudo-terminal, when the demo runs on one: it reads what the demo prints.
  private let terminal: PseudoTerminal?
  private let lock = NSLock()
  private var printed = Data()

  init(_ executable: String, arguments: [String], terminal: Bool = false) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    guard !terminal else {
      let process = self.process
      // Ended once it has started and stopped (before `run()` it is not running either: a
      // reader that took that for the end stopped after a pause, and lost the rest).
      let pty = try PseudoTerminal { process.processIdentifier != 0 && !process.isRunning }
      var settings = pty.settings
      settings.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(pty.follower, TCSANOW, &settings)
      let follower = FileHandle(fileDescriptor: pty.follower, closeOnDealloc: false)
      process.standardInput = follower
      process.standardOutput = follower
      process.standardError = follower
      self.terminal = pty
      self.input = nil
      try process.run()
      return
    }
    self.terminal = nil
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    input = stdin.fileHandleForWriting
    let readEnd = stdout.fileHandleForReading
    try process.run()
    let descriptor = readEnd.fileDescriptor
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        append(buffer[..<count])
      }
      _ = readEnd
    }.start()
  }

  private func append(_ bytes: ArraySlice<UInt8>) {
    lock.withLock { printed.append(contentsOf: bytes) }
  }

  /// Everything printed so far, standard output and error together.
  var output: String {
    if let terminal { return terminal.output }
    return lock.withLock { String(decoding: printed, as: UTF8.self) }
  }

  /// The pseudo-terminal's settings now (what raw mode changes), when it runs on one.
  var terminalSettings: termios? { terminal?.settings }

  /// Types `text` (lines end with `\n`). Typing into a demo that has ended is recorded as a
  /// test failure instead of crashing the test process (a broken pipe).
  func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let terminal { return terminal.type(text) }
    do {
      try input?.write(contentsOf: Data(text.utf8))
    } catch {
      Issue.record("the demo no longer reads its input: \(error)", sourceLocation: sourceLocation)
    }
  }

  /// Ends the standard input (a pipe only).
  func endInput() throws {
    try input?.close()
  }

  /// Waits until the output holds `text` or the demo exits; true when it holds it.
  func waitForOutput(containing text: String) async throws -> Bool {
    await eventually { output.contains(text) || !process.isRunning } && output.contains(text)
  }

  /// Sends a signal.
  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits for the demo to end; its exit status. A demo still running after `limit` is
  /// killed, and the status is nil: the test fails instead of hanging.
  func exitStatus(within limit: Duration = .seconds(300)) async -> Int32? {
    guard let status = await AppFlowTests.exitStatus(of: process, within: limit) else {
      return nil
    }
    // At a terminal, what it wrote last is read before the status is given.
    terminal?.waitForEnd()
    return status
  }
}

/// Waits for `process` to end, without holding a thread (the tests beside it go on
/// meanwhile); its exit status. One still running after `limit` is killed, and the status is
/// nil: the test fails instead of hanging.
func exitStatus(of process: Process, within limit: Duration = .seconds(300)) async -> Int32? {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while process.isRunning {
    if ContinuousClock.now >= deadline {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return process.terminationStatus
}

/// Item files for tests: written as a demo would find them, read back as JSON.
enum ItemsFixture {
  /// A data folder of its own under the temporary folder.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "switchyard-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `items.json` in `folder` with `count` items named "Item 1"…, each with the id
  /// `UUID(counting: n)` gives. Written as bytes, so a large file takes a fraction of a second
  /// even in a debug build.
  @discardableResult
  static func write(_ count: Int, in folder: URL, quantity: Int = 1, note: String = "") throws
    -> URL
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity((100 + note.utf8.count) * count + 32)
    bytes.append(contentsOf: "{\"version\": 1, \"items\": [".utf8)
    for index in stride(from: 1, through: count, by: 1) {
      if index > 1 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: "{\"id\": \"00000000-0000-0000-0000-".utf8)
      let hex = String(index, radix: 16, uppercase: true)
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 12 - hex.utf8.count))
      bytes.append(contentsOf: hex.utf8)
      bytes.append(contentsOf: "\", \"name\": \"Item ".utf8)
      bytes.append(contentsOf: String(index).utf8)
      bytes.append(contentsOf: "\", \"quantity\": ".utf8)
      bytes.append(contentsOf: String(quantity).utf8)
      bytes.append(contentsOf: ", \"note\": \"".utf8)
      bytes.append(contentsOf: note.utf8)
      bytes.append(contentsOf: "\"}".utf8)
    }
    bytes.append(contentsOf: "]}".utf8)
    let file = folder.appendingPathComponent("items.json")
    try Data(bytes).write(to: file)
    return file
  }

  /// The items of a saved file, as JSON objects.
  static func items(in file: URL) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    return object?["items"] as? [[String: Any]] ?? []
  }
}
