import CoreTesting
import EntryFeature
import Foundation
import FugaFeature
import HogeFeature
import ItemListFeature
import Testing

/// The demo typed into a real (pseudo-)terminal, read the way a person sees it: each screen
/// drawn once, the prompt always the last line, editing keys, history, completion, and the
/// terminal given back on every way out. Waits are woken by the demo's output.
@Suite("The demo in a terminal")
struct TerminalDemoTests {
  /// The demo on a new pseudo-terminal, items in memory, signed in through the gate (a name
  /// new to it goes through setup) and showing Entry.
  private func start(columns: Int = 80, environment: [String: String] = [:]) async throws
    -> TerminalSession
  {
    let session = try startAtGate(columns: columns, environment: environment)
    await signIn(session)
    return session
  }

  /// The demo on a new pseudo-terminal, as it starts (the terminal's settings still the
  /// test's).
  private func startAtGate(columns: Int = 80, environment: [String: String] = [:]) throws
    -> TerminalSession
  {
    try TerminalSession(
      DemoEndToEndTests.demoPath.get(), arguments: ["--in-memory"], columns: columns, rows: 40,
      environment: environment)
  }

  /// Waits for the gate, then signs in a new name through setup.
  private func signIn(_ session: TerminalSession) async {
    await waitFor(session) { $0.lines.last == "> " && $0.lines.contains("Sign in") }
    await run(session, "signin Ann")
    await run(session, "done")
  }

  /// The screen's lines since the gate closed (signing in logs it).
  private func linesSinceSignIn(_ session: TerminalSession) -> [String] {
    let lines = session.terminal.screen.lines
    guard let gate = lines.lastIndex(of: "log: Sign in closed") else { return lines }
    return Array(lines[(gate + 1)...])
  }

  /// Waits for the screen `isMet` describes; records the screen when it never comes.
  private func waitFor(
    _ session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation,
    _ isMet: @escaping @Sendable (TerminalScreen) -> Bool
  ) async {
    let met = await session.terminal.waitForScreen(within: .seconds(120), until: isMet)
    #expect(met, "\(session.terminal.screen)", sourceLocation: sourceLocation)
  }

  /// Types a command and waits until it has run and the prompt is back under its result.
  private func run(
    _ session: TerminalSession, _ command: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    session.terminal.type(command + "\r")
    await waitFor(session, sourceLocation: sourceLocation) {
      $0.cursorLine == "> " && $0.lines.dropLast().contains("> " + command)
        && $0.lines.last == "> "
    }
  }

  private static let entry = [
    "» [entry] \(Entry.title)", Entry.title, "  Count: 0", "  " + ItemsPanelView.heading,
  ]

  @Test(
    "the README's walk-through: each screen once, the log above it, the prompt last",
    .standsOn(ItemList.self, Entry.self))
  func walkThrough() async throws {
    let session = try await start()
    await waitFor(session) { $0.lines.last == "> " }
    await run(session, "items")
    await run(session, "add Milk")
    await run(session, "save")
    await run(session, "tab entry")
    let expected =
      Self.entry + ["  └ 0 items kept; type items to open the list.", "> items"]
      + ["» [items] Items", "Items", "  (no items; add one with add \"name\")", "> add Milk"]
      + ["» [items] Items", "Items › Add (not saved yet)", "  Name: Milk", "  Quantity: 1"]
      + ["  Note: (none)", "> save", "» [items] Items", "Items", "  1. Milk ×1", "> tab entry"]
      + Self.entry + ["  └ 1 item kept; type items to open the list.", "> "]
    #expect(linesSinceSignIn(session) == expected, "\(session.terminal.screen)")
    await quit(session)
  }

  @Test(
    "left, right and typing in the middle edit the line; up brings back earlier lines",
    .standsOn(Hoge.self, Entry.self))
  func editingAndHistory() async throws {
    let session = try await start()
    await waitFor(session) { $0.lines.last == "> " }
    // The command typed without its second-to-last letter, which goes in after one Left.
    let command = "hoge"
    let missing = command.dropLast().last.map(String.init) ?? ""
    session.terminal.type("\(command.dropLast(2))\(command.suffix(1))\u{1B}[D\(missing)")
    await waitFor(session) {
      $0.cursorLine == "> \(command)" && $0.cursor.column == 2 + command.count - 1
    }
    session.terminal.type("\u{1B}[F\r")
    await waitFor(session) { $0.lines.contains("» [entry] Entry > Hoge") && $0.lines.last == "> " }
    await run(session, "back")
    session.terminal.type("\u{1B}[A")
    await waitFor(session) { $0.cursorLine == "> back" }
    session.terminal.type("\u{1B}[A")
    await waitFor(session) { $0.cursorLine == "> hoge" }
    session.terminal.type("\r")
    await waitFor(session) { $0.count(of: "> hoge") == 2 && $0.lines.last == "> " }
    #expect(session.terminal.screen.count(of: "» [entry] Entry > Hoge") == 2)
    await quit(session)
  }

  @Test(
    "Tab completes commands and the screens popto can go back to; others are refused",
    .standsOn(Hoge.self, Fuga.self, ItemList.self, Entry.self))
  func completionAndPopto() async throws {
    let session = try await start()
    await waitFor(session) { $0.lines.last == "> " }
    // The command but its last letter, which Tab completes.
    let command = "hoge"
    session.terminal.type("\(command.dropLast())\t")
    await waitFor(session) { $0.cursorLine == "> \(command) " }
    session.terminal.type("\r")
    await waitFor(session) { $0.lines.contains("» [entry] Entry > Hoge") && $0.lines.last == "> " }
    await run(session, "name Ann")
    await run(session, "fuga")
    await run(session, "help")
    #expect(
      session.terminal.screen.lines.contains {
        $0.hasPrefix("  popto hoge|entry ")
      }, "\(session.terminal.screen)")
    await run(session, "popto fuga")
    // Joined: a longer screen name wraps the line at the terminal's width.
    #expect(
      session.terminal.screen.lines.joined().contains(
        "error: 'popto' goes back to a screen below Fuga: hoge, entry (got 'fuga')"))
    session.terminal.type("popto \t")
    await waitFor(session) { $0.lines.suffix(2) == ["hoge  entry", "> popto "] }
    // The screen's case but its last letter, which Tab completes.
    let root = "entry"
    session.terminal.type("\(root.dropLast())\t")
    await waitFor(session) { $0.cursorLine == "> popto \(root) " }
    session.terminal.type("\r")
    await waitFor(session) { $0.lines.last == "> " && $0.lines.contains("log: Hoge closed") }
    let expected =
      ["> popto entry ", "log: Fuga closed", "log: Hoge closed"] + Self.entry
      + ["  └ 0 items kept; type items to open the list.", "> "]
    #expect(session.terminal.screen.lines.suffix(9) == expected[...], "\(session.terminal.screen)")
    await quit(session)
  }

  @Test(
    "Ctrl-C clears the line; Ctrl-D on an empty line leaves, and the terminal is as it was",
    .standsOn(Hoge.self, Entry.self))
  func controlKeys() async throws {
    let session = try startAtGate()
    let before = session.initialSettings
    await signIn(session)
    session.terminal.type("xyz\u{3}")
    await waitFor(session) { $0.cursorLine == "> " && !$0.lines.contains("> xyz") }
    session.terminal.type("hoge\r")
    await waitFor(session) { $0.lines.contains("» [entry] Entry > Hoge") && $0.lines.last == "> " }
    session.terminal.type("\u{4}")
    #expect(await session.exitStatus() == 0)
    let after = session.terminal.settings
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
  }

  @Test(
    "every ending signal and a crash signal give the terminal its settings back",
    arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGSEGV])
  func signalsRestore(_ number: Int32) async throws {
    // Without the runtime's crash report, whose handler returns from a signal no fault
    // raised (the demo would go on): the default action ends the demo after the restore.
    let session = try startAtGate(environment: ["SWIFT_BACKTRACE": "enable=no"])
    let before = session.initialSettings
    await signIn(session)
    session.terminal.type("ho")
    await waitFor(session) { $0.cursorLine == "> ho" }
    #expect(session.terminal.settings.c_lflag & tcflag_t(ICANON) == 0)
    session.signal(number)
    let status = await session.exitStatus()
    // The demo ends every ending signal itself, after saving (128 + the signal); SIGSEGV
    // ends it by its default action, after the terminal is restored.
    let endsByDefault = number == SIGSEGV
    #expect(status == (endsByDefault ? number : 128 + number), "\(session.terminal.output)")
    let after = session.terminal.settings
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
  }

  @Test(
    "a pasted script runs line by line, its Tab text, not a completion",
    .standsOn(Hoge.self, Fuga.self))
  func paste() async throws {
    let session = try await start()
    await waitFor(session) { $0.lines.last == "> " }
    session.terminal.type("\u{1B}[200~hoge\nname \"Pasted\tname\"\nfuga\n\u{1B}[201~")
    await waitFor(session) { $0.lines.contains("  Hello, Pasted name!") && $0.lines.last == "> " }
    // A paste longer than a line may be arrives whole, and is refused with the reason.
    session.terminal.type("\u{1B}[200~" + String(repeating: "x", count: 5000) + "\n\u{1B}[201~")
    await waitFor(session) {
      $0.lines.contains(
        "error: the line is longer than the 4096-byte limit; type a shorter command")
        && $0.lines.last == "> "
    }
    await quit(session)
  }

  @Test(
    "wide characters keep the cursor in its column; a resize redraws the line", .standsOn(Hoge.self)
  )
  func wideCharactersAndResize() async throws {
    let session = try await start(columns: 30)
    await waitFor(session) { $0.lines.last == "> " }
    await run(session, "hoge")
    session.terminal.type("name 日本語\u{1B}[D\u{1B}[Dx")
    await waitFor(session) { $0.cursorLine == "> name 日x本語" && $0.cursor.column == 10 }
    let long = String(repeating: "a", count: 40)
    session.terminal.type(long)
    await waitFor(session) { $0.cursorLine.hasSuffix("aaaa") && $0.cursorLine.count < 30 }
    session.resize(columns: 100, rows: 40)
    await waitFor(session) { $0.cursorLine == "> name 日x" + long + "本語" }
    session.terminal.type("\u{5}\u{15}name 日x本語\r")
    await waitFor(session) { $0.lines.contains("  Name: 日x本語") && $0.lines.last == "> " }
    await quit(session)
  }

  private func quit(_ session: TerminalSession) async {
    session.terminal.type("\u{5}\u{15}quit\r")
    #expect(await session.exitStatus() == 0)
  }
}
