import CoreUI
import Dispatch
import Foundation

/// A person's terminal, run the way a well-made command-line program runs it: raw mode with
/// a line editor (``LineEditor``) that reads keys on a thread of its own, and output that
/// never lands after the prompt. Whatever is printed while the person types (a log line, a
/// note, a redrawn screen) is written above the prompt, and the prompt with what they typed
/// so far is drawn again under it, so it is always the last line.
///
/// Started by ``ConsoleLauncher`` when standard input and output are both terminals; pipes
/// and scripts never get here, so transcripts keep their exact bytes.
final class TerminalConsole: @unchecked Sendable {
  private let input: Int32
  private let output: Int32
  private let routesErrors: Bool
  private let maximumLineLength: Int
  private let lock = NSLock()
  /// Whether the console still reads lines: a lock of its own, since the stream's end (which
  /// clears it) can come while `lock` is held.
  private let listening = ListeningFlag()
  private let continuation: AsyncStream<InputLine>.Continuation
  /// The lines entered, for the console to read.
  let lines: AsyncStream<InputLine>

  // Everything below is guarded by `lock`.
  private var editor = LineEditor()
  /// The prompt shown while the console waits for a line; nil while it runs a command.
  private var prompt: String?
  /// Keys typed while a command ran, for the next prompt.
  private var typedAhead: [TerminalKey] = []
  private var size = (columns: 80, rows: 24)
  /// Rows the last screen took when nothing was printed after it but the prompt, so an
  /// effect's change can draw it again in place.
  private var lastScreenRows: Int?
  private var resizeSource: (any DispatchSourceSignal)?

  /// The terminal in the process that owns standard output now, if any: ``StandardStream``
  /// writes through it so that log lines land above the prompt.
  nonisolated(unsafe) private static var current: TerminalConsole?
  private static let currentLock = NSLock()
  static var active: TerminalConsole? { currentLock.withLock { current } }

  /// Takes over the terminal on `input` and `output` (raw mode, bracketed paste); nil when
  /// either is not a terminal. With `routesStandardStreams`, ``StandardStream`` writes
  /// through it until it closes (the program's own terminal; a test's is left alone).
  static func open(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    maximumLineLength: Int = LineSplitter.defaultMaximumLength,
    routesStandardStreams: Bool = true
  ) -> TerminalConsole? {
    guard isatty(input) == 1, isatty(output) == 1, RawTerminalMode.enter(input) else {
      return nil
    }
    let terminal = TerminalConsole(
      input: input, output: output, maximumLineLength: maximumLineLength)
    terminal.start()
    if routesStandardStreams { currentLock.withLock { current = terminal } }
    return terminal
  }

  private init(input: Int32, output: Int32, maximumLineLength: Int) {
    self.input = input
    self.output = output
    self.maximumLineLength = maximumLineLength
    editor.maximumBytes = 4 * maximumLineLength
    self.routesErrors = isatty(STDERR_FILENO) == 1 && Self.sameFile(STDERR_FILENO, output)
    (lines, continuation) = AsyncStream.makeStream(
      of: InputLine.self, bufferingPolicy: .unbounded)
  }

  private func start() {
    size = Self.size(of: output) ?? size
    // Pasted text comes marked, so a pasted Tab or newline is text, not an editing key.
    _ = StandardStream.write("\u{1B}[?2004h", to: output)
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    resize.setEventHandler { [weak self] in self?.resized() }
    resize.resume()
    resizeSource = resize
    continuation.onTermination = { [weak self] _ in self?.stopListening() }
    Thread { [self] in readKeys() }.start()
  }

  /// Gives the terminal back as it was: cooked mode, no bracketed paste. Output after this
  /// goes straight to standard output again.
  func close() {
    Self.currentLock.withLock {
      if Self.current === self { Self.current = nil }
    }
    listening.stop()
    lock.withLock {
      prompt = nil
      resizeSource?.cancel()
      resizeSource = nil
      _ = StandardStream.write("\u{1B}[?2004l", to: output)
    }
    RawTerminalMode.restore()
    continuation.finish()
  }

  /// Shows `prompt` with the line typed so far (keys typed while the last command ran are
  /// applied first), offering `completions` to Tab.
  func showPrompt(_ prompt: String, completions: Completions) {
    lock.withLock {
      self.prompt = prompt
      editor.completions = completions
      var text = ""
      while self.prompt != nil, !typedAhead.isEmpty {
        text += apply(typedAhead.removeFirst())
      }
      text += promptLine()
      _ = StandardStream.write(text, to: output)
    }
  }

  /// Writes `text` above the prompt when one is shown; as it is otherwise.
  @discardableResult
  func write(_ text: String) -> StandardStream.WriteFailure? {
    lock.withLock {
      lastScreenRows = nil
      return StandardStream.write(above(text), to: output)
    }
  }

  /// Writes an error or note: above the prompt when standard error is this terminal too.
  func writeError(_ text: String) {
    guard routesErrors else {
      StandardStream.write(text, to: STDERR_FILENO)
      return
    }
    write(text)
  }

  /// Writes a screen (its lines, control characters already escaped). With `replacingLast`,
  /// the screen drawn last is overwritten in place when nothing but the prompt came after it
  /// and it is still all on the terminal; else the screen is written above the prompt.
  @discardableResult
  func writeScreen(_ lines: [String], replacingLast: Bool) -> StandardStream.WriteFailure? {
    lock.withLock {
      var text = ""
      if replacingLast, let rows = lastScreenRows, rows < size.rows {
        text += prompt == nil ? "" : "\r\u{1B}[K"
        text += "\u{1B}[\(rows)A\r\u{1B}[J"
        text += lines.map { $0 + "\n" }.joined()
        if prompt != nil { text += promptLine() }
      } else {
        text = above(lines.map { $0 + "\n" }.joined())
      }
      lastScreenRows = Self.rows(of: lines, columns: size.columns)
      return StandardStream.write(text, to: output)
    }
  }

  /// `text` with the prompt row cleared before it and drawn again after it, when shown.
  private func above(_ text: String) -> String {
    guard prompt != nil, !text.isEmpty else { return text }
    let ended = text.hasSuffix("\n") ? text : text + "\n"
    return "\r\u{1B}[K" + ended + promptLine()
  }

  private func promptLine() -> String {
    guard let prompt else { return "" }
    return PromptLine.draw(
      prompt: prompt, characters: editor.characters, cursor: editor.cursor,
      columns: size.columns)
  }

  // MARK: Keys

  /// The reading thread: bytes to keys until the console stops listening or input ends.
  private func readKeys() {
    var decoder = TerminalKeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while listening.isListening {
      // A lone Escape is a key only when nothing follows it soon; otherwise wake up now and
      // then to notice the console stopped listening.
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, decoder.isWaitingForSequence ? 50 : 250)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 {
        received(decoder.flush())
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { break }
      received(decoder.feed(buffer[..<count]))
    }
    continuation.finish()
  }

  private func received(_ keys: [TerminalKey]) {
    guard !keys.isEmpty else { return }
    // Written before the lock is let go: a line entered here reaches the console at once,
    // and its screen must come after the line's echo, not before it.
    lock.withLock {
      var text = ""
      for key in keys {
        text += prompt == nil ? typeAhead(key) : apply(key)
      }
      if prompt != nil { text += promptLine() }
      _ = StandardStream.write(text, to: output)
    }
  }

  /// A key typed while a command runs waits for the prompt, except Ctrl-C, which interrupts
  /// the command at once.
  private func typeAhead(_ key: TerminalKey) -> String {
    if key == .control("c") {
      typedAhead = []
      interrupt()
      return ""
    }
    typedAhead.append(key)
    return ""
  }

  /// Applies a key at the prompt; what to write before the prompt line is drawn again.
  private func apply(_ key: TerminalKey) -> String {
    guard prompt != nil else { return typeAhead(key) }
    // A paste of several lines runs them one by one, as typed: the lines after the first
    // wait for the prompt that follows it.
    if case .paste(let pasted) = key,
      let lineEnd = pasted.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }),
      pasted.index(after: lineEnd) < pasted.endIndex
    {
      typedAhead.insert(.paste(String(pasted[pasted.index(after: lineEnd)...])), at: 0)
      return apply(.paste(String(pasted[...lineEnd])))
    }
    var text = ""
    for outcome in editor.handle(key) {
      switch outcome {
      case .submit(let line):
        text +=
          PromptLine.draw(
            prompt: prompt ?? "", characters: Array(line), cursor: line.count,
            columns: size.columns) + "\n"
        prompt = nil
        lastScreenRows = nil
        continuation.yield(
          line.utf8.count > maximumLineLength
            ? .tooLong(byteCount: line.utf8.count) : .text(line))
      case .endOfInput:
        // The console ends the row when it sees the input end.
        prompt = nil
        listening.stop()
        continuation.finish()
      case .interrupt:
        text += "^C\r\n"
        prompt = nil
        interrupt()
      case .showChoices(let choices):
        text += "\r\u{1B}[K" + Self.listing(choices) + "\n"
        lastScreenRows = nil
      case .clearScreen:
        text += "\u{1B}[H\u{1B}[2J"
        lastScreenRows = nil
      case .suspend:
        // What is drawn so far, then the terminal as it was while the program is stopped;
        // raw mode again, and the prompt redrawn below, once it is continued.
        _ = StandardStream.write(text + "^Z\r\n", to: output)
        text = RawTerminalMode.stopForJobControl() ? "" : "\u{7}"
        lastScreenRows = nil
      case .bell:
        text += "\u{7}"
      }
    }
    return text
  }

  /// Ctrl-C where there is no line to clear: the interrupt a terminal would have sent, to
  /// the program's own handler (or its default action, after the terminal is restored).
  private func interrupt() {
    kill(getpid(), SIGINT)
  }

  private static func listing(_ choices: [String]) -> String {
    let shown = choices.prefix(Completions.listingLimit)
    let more = choices.count > shown.count ? "  …" : ""
    return shown.joined(separator: "  ") + more
  }

  private func stopListening() {
    listening.stop()
  }

  /// Whether two descriptors are the same file (standard error on the terminal the editor
  /// runs, not on another).
  private static func sameFile(_ first: Int32, _ second: Int32) -> Bool {
    var a = stat()
    var b = stat()
    guard fstat(first, &a) == 0, fstat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_rdev == b.st_rdev
  }

  // MARK: Size

  private func resized() {
    lock.withLock {
      size = Self.size(of: output) ?? size
      lastScreenRows = nil
      _ = StandardStream.write(promptLine(), to: output)
    }
  }

  private static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return (Int(window.ws_col), max(Int(window.ws_row), 1))
  }

  /// The rows `lines` take on a terminal `columns` wide, counting the ones that wrap.
  static func rows(of lines: [String], columns: Int) -> Int {
    var rows = 0
    for line in lines {
      let width = DisplayWidth.of(line)
      rows += max(1, (width + columns - 1) / max(columns, 1))
    }
    return rows
  }
}
