import Foundation

/// A program run on a pseudo-terminal the test opened, as a person runs it in a terminal
/// window: the test types keys, reads the screen (``TerminalScreen``), resizes the window,
/// sends signals, and reads the terminal's settings after the program ends. Waits are woken
/// by the program's output, never by the clock (the time limit only ends a hung test).
///
/// ```swift
/// let session = try TerminalSession(BuiltExecutable.path(of: "demo"), arguments: ["--in-memory"])
/// #expect(await session.terminal.waitForScreen { $0.cursorLine == "> " })
/// session.terminal.type("hoge\r")
/// ```
public final class TerminalSession: Sendable {
  /// The program.
  public let process: Process
  /// The terminal it runs on.
  public let terminal: PseudoTerminal
  /// The terminal's settings before the program started: what it must leave them as. (Read
  /// after the start, they may already be the program's own raw mode.)
  public let initialSettings: termios

  /// Starts `executable` on a new pseudo-terminal of `columns` × `rows`, with `TERM` set to
  /// a terminal that moves the cursor.
  public init(
    _ executable: String, arguments: [String] = [], columns: Int = 80, rows: Int = 24,
    environment: [String: String] = [:]
  ) throws {
    let process = Process()
    // Ended once it has started and stopped: before `run()` it is not running either, and a
    // reader that took that for the end would stop reading after its first pause.
    terminal = try PseudoTerminal(columns: columns, rows: rows) {
      process.processIdentifier != 0 && !process.isRunning
    }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["TERM"] = "xterm-256color"
    variables.merge(environment) { $1 }
    process.environment = variables
    let handle = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    initialSettings = terminal.settings
    try process.run()
    self.process = process
  }

  /// Resizes the window and tells the program, as a terminal emulator does (SIGWINCH).
  public func resize(columns: Int, rows: Int) {
    terminal.resize(columns: columns, rows: rows)
    signal(SIGWINCH)
  }

  /// Sends a signal to the program.
  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits for the program to end; its exit status (the signal's number when a signal ended
  /// it), or nil when it was still running after `limit` (it is killed).
  public func exitStatus(within limit: Duration = .seconds(60)) async -> Int32? {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while process.isRunning {
      if ContinuousClock.now >= deadline {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      try? await Task.sleep(for: .milliseconds(5))
    }
    // What it wrote last is read before the status is given, so a test reads it all.
    terminal.waitForEnd()
    return process.terminationStatus
  }
}

/// A pseudo-terminal a test opened: the side a program uses as its terminal
/// (``follower``), and the side the test types into and reads the screen from.
public final class PseudoTerminal: @unchecked Sendable {
  private let master: Int32
  /// The terminal side, for a program's (or a console's) input and output. Kept open until
  /// the terminal is released, so its settings can be read after the program ends.
  public let follower: Int32
  private let isFinished: @Sendable () -> Bool
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private var currentScreen: TerminalScreen
  private var isClosed = false
  private var isReleased = false
  /// The settings the terminal had when the program ended and the follower was let go.
  private var finalSettings: termios?
  /// Signalled when the output has been read to its end.
  private let ended = DispatchSemaphore(value: 0)
  private var waiters: [Waiter] = []

  private struct Waiter {
    let id: UUID
    let isMet: @Sendable (TerminalScreen) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  /// A new pseudo-terminal of `columns` × `rows`. Its output ends once `isFinished` says the
  /// program using it ended and nothing more is there to read.
  public init(
    columns: Int = 80, rows: Int = 24, isFinished: @escaping @Sendable () -> Bool = { false }
  ) throws {
    master = try PseudoTerminalCalls.openMaster()
    follower = open(try PseudoTerminalCalls.followerPath(of: master), O_RDWR | O_NOCTTY)
    guard follower >= 0 else {
      close(master)
      throw CocoaError(.fileNoSuchFile)
    }
    self.isFinished = isFinished
    currentScreen = TerminalScreen(columns: columns, rows: rows)
    setSize(columns: columns, rows: rows)
    Thread { [self] in readOutput() }.start()
  }

  deinit {
    if finalSettings == nil { close(follower) }
    close(master)
  }

  /// Stops reading once nothing more is there: for a terminal a test used in its own process.
  public func release() {
    lock.withLock { isReleased = true }
  }

  /// Types `text`: `\r` is Enter, `\u{1B}[A` the up arrow, `\u{3}` Ctrl-C.
  public func type(_ text: String) {
    var data = Array(text.utf8)
    _ = data.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Resizes the window (the screen is drawn again from all output at the new size).
  public func resize(columns: Int, rows: Int) {
    lock.withLock {
      var resized = TerminalScreen(columns: columns, rows: rows)
      resized.feed(bytes)
      currentScreen = resized
    }
    setSize(columns: columns, rows: rows)
  }

  private func setSize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// The screen as drawn so far.
  public var screen: TerminalScreen { lock.withLock { currentScreen } }

  /// Every byte written to the terminal, as text.
  public var output: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// The terminal's settings now (after a program ended: what it left them as).
  public var settings: termios {
    if let final = lock.withLock({ finalSettings }) { return final }
    var settings = termios()
    tcgetattr(follower, &settings)
    return settings
  }

  /// Waits until the screen is as `isMet` says; false when the output ended first or `limit`
  /// passed (a hung program fails the test instead of hanging it).
  public func waitForScreen(
    within limit: Duration = .seconds(60),
    until isMet: @escaping @Sendable (TerminalScreen) -> Bool
  ) async -> Bool {
    let id = UUID()
    let timer = Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.resume(id, with: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let answer: Bool? = lock.withLock {
        if isMet(currentScreen) { return true }
        if isClosed { return false }
        waiters.append(Waiter(id: id, isMet: isMet, continuation: continuation))
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  /// Once the program ended: keeps the settings it left, and closes this side's copy of the
  /// terminal, so reading ends at the end of what it wrote, not at a pause.
  private func letGoOfFollower() {
    var settings = termios()
    tcgetattr(follower, &settings)
    lock.withLock { finalSettings = settings }
    close(follower)
  }

  /// Reads what is left, up to the end of the output (or a pause, when another process still
  /// holds the terminal).
  private func drain(into buffer: inout [UInt8]) {
    while true {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 500)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      received(buffer[..<count])
    }
  }

  /// Adds output to the screen and wakes the waits it satisfies.
  private func received(_ chunk: ArraySlice<UInt8>) {
    let met = lock.withLock { () -> [Waiter] in
      bytes += chunk
      currentScreen.feed(chunk)
      let met = waiters.filter { $0.isMet(currentScreen) }
      waiters.removeAll { waiter in met.contains { $0.id == waiter.id } }
      return met
    }
    for waiter in met {
      waiter.continuation.resume(returning: true)
    }
  }

  private func resume(_ id: UUID, with answer: Bool) {
    let waiter = lock.withLock { () -> Waiter? in
      guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return waiters.remove(at: index)
    }
    waiter?.continuation.resume(returning: answer)
  }

  private func readOutput() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      // This side holds the follower open, so the end of the program is no end of file: once
      // it has ended, the follower is let go and what is left is read to its end.
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 100)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 {
        if isFinished() || lock.withLock({ isReleased }) {
          letGoOfFollower()
          drain(into: &buffer)
          break
        }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      received(buffer[..<count])
    }
    let left = lock.withLock { () -> [Waiter] in
      isClosed = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in left {
      waiter.continuation.resume(returning: false)
    }
    ended.signal()
  }

  /// Waits until the output is read to its end (after the program ended); false when that
  /// took longer than `limit`.
  @discardableResult
  public func waitForEnd(within limit: Duration = .seconds(30)) -> Bool {
    let (seconds, attoseconds) = limit.components
    let timeout =
      DispatchTime.now()
      + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    guard ended.wait(timeout: timeout) == .success else { return false }
    ended.signal()
    return true
  }
}

/// The C library's pseudo-terminal calls, which Swift's Glibc module leaves out: looked up by
/// name at run time.
enum PseudoTerminalCalls {
  private typealias OpenMaster = @convention(c) (Int32) -> Int32
  private typealias Prepare = @convention(c) (Int32) -> Int32
  private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func function<T>(_ name: String, as type: T.Type) throws -> T {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      throw CocoaError(.featureUnsupported)
    }
    return unsafeBitCast(symbol, to: type)
  }

  /// A new pseudo-terminal's controlling side, ready for its other side to be opened.
  static func openMaster() throws -> Int32 {
    let master = try function("posix_openpt", as: OpenMaster.self)(O_RDWR | O_NOCTTY)
    guard master >= 0, try function("grantpt", as: Prepare.self)(master) == 0,
      try function("unlockpt", as: Prepare.self)(master) == 0
    else { throw CocoaError(.fileNoSuchFile) }
    return master
  }

  /// The path of the side a program uses as its terminal.
  static func followerPath(of master: Int32) throws -> String {
    guard let name = try function("ptsname", as: Name.self)(master) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return String(cString: name)
  }
}
