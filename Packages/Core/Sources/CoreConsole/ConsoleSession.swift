import CoreStore
import CoreUI
import Observation

/// One run of a ``Console`` over one input.
@MainActor
final class ConsoleSession<State, Action> {
  private enum Outcome {
    case handled
    case quit
    case failed(String)
  }

  private let store: Store<State, Action>
  private let makeView: @MainActor (Store<State, Action>) -> any TextView
  private let trace: TraceSwitch
  private let output: ConsoleOutput
  private let options: ConsoleOptions
  private var lastScreen: [String] = []
  /// The view the last render built: its commands are what Tab offers at the prompt.
  private var lastView: (any TextView)?
  private var isWaitingForInput = false
  /// Counts the renders that observe the store; a change reported to an older one is ignored,
  /// so one change redraws once however many renders came before it.
  private var renderCount = 0

  init(
    store: Store<State, Action>,
    makeView: @escaping @MainActor (Store<State, Action>) -> any TextView,
    trace: TraceSwitch,
    output: ConsoleOutput,
    options: ConsoleOptions
  ) {
    self.store = store
    self.makeView = makeView
    self.trace = trace
    self.output = output
    self.options = options
  }

  private var isScript: Bool { options.mode == .script }

  func run(input: ConsoleInput) async -> ConsoleExit {
    trace.output = output
    trace.isEnabled = options.trace
    // Work started before the run (a screen's onAppear) finishes before the first line.
    if isScript, !(await settleEffects()) {
      output.write("error: \(unsettledMessage)\n")
      return .failed(line: 0)
    }
    if !isScript { await settleForPerson() }
    showScreen()
    var lineNumber = 0
    var firstFailure: Int?
    prompt()
    for await line in input.lines {
      if let failure = output.failure { return .outputFailed(failure) }
      lineNumber += 1
      isWaitingForInput = false
      switch await handle(line) {
      case .handled:
        break
      case .quit:
        return firstFailure.map { .failed(line: $0) } ?? .quit
      case .failed(let message):
        if isScript {
          output.write("error: line \(lineNumber): \(message)\n")
          firstFailure = firstFailure ?? lineNumber
          if !options.keepGoing {
            return output.failure.map { .outputFailed($0) } ?? .failed(line: lineNumber)
          }
        } else {
          output.write("error: \(message)\n")
        }
      }
      prompt()
    }
    if !isScript { output.write("\n") }
    if let failure = output.failure { return .outputFailed(failure) }
    return firstFailure.map { .failed(line: $0) } ?? .endOfInput
  }

  private func handle(_ line: InputLine) async -> Outcome {
    let text: String
    switch line {
    case .invalidUTF8:
      if isScript { output.write("> (invalid UTF-8)\n") }
      return .failed("the line is not valid UTF-8 text; type commands as plain text")
    case .tooLong:
      if isScript { output.write("> (a line over \(options.maximumLineLength) bytes)\n") }
      return .failed(
        "the line is longer than the \(options.maximumLineLength)-byte limit; "
          + "type a shorter command")
    case .text(let typed):
      if ControlCharacters.contains(typed) {
        if isScript { output.write("> \(ControlCharacters.escaped(typed))\n") }
        return .failed(
          "the line holds control characters (an arrow key, ESC or a pasted escape); "
            + "type plain text")
      }
      text = typed
    }
    let trimmed = text.trimmingWhitespace()
    if isScript && !trimmed.isEmpty { output.write("> \(text)\n") }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .handled }
    let words: [String]
    do {
      words = try CommandLineTokenizer.words(in: text)
    } catch {
      return .failed(error.description)
    }
    guard let name = words.first else { return .handled }
    let arguments = Array(words.dropFirst())
    if let outcome = runBuiltIn(name, arguments) { return outcome }
    let view = makeView(store)
    guard let command = view.commands.first(where: { $0.name == name }) else {
      return .failed("unknown command '\(name)' on this screen; type help to see the commands")
    }
    do {
      try command.run(arguments)
    } catch {
      return .failed(error.message)
    }
    if isScript, !(await settleEffects()) {
      return .failed(unsettledMessage)
    }
    if !isScript { await settleForPerson() }
    // Always, even when nothing changed: a command the screen refused (a second back at the
    // first screen) must still show its refusal. The view that found the command renders: it
    // reads the store as it is now, so it is not built a second time.
    showScreen(force: true, view: view)
    return .handled
  }

  /// Waits for the work under way (a load, a save) before a script goes on, saying so on
  /// standard error once it takes longer than ``ConsoleOptions/effectNoticeDelay``. Without
  /// an ``ConsoleOptions/effectTimeout`` it waits as long as the work takes; with one, false
  /// when the work is still running then.
  private func settleEffects() async -> Bool {
    let noticeDelay =
      options.effectTimeout.map { min($0, options.effectNoticeDelay) }
      ?? options.effectNoticeDelay
    if await store.waitForEffects(timeout: noticeDelay) { return true }
    output.writeNote(
      "note: waiting for work under way (a load, a save) to finish before the next line")
    guard let timeout = options.effectTimeout else {
      while !(await store.waitForEffects(timeout: .seconds(60))) {}
      return true
    }
    return await store.waitForEffects(timeout: timeout - noticeDelay)
  }

  /// Gives the work a command started (a load, a count, a screen closing itself) a moment to
  /// finish, so a person sees the screen once, as it ends up, not a state on the way there.
  /// Work that takes longer (a timer, a slow load) is drawn again in place when it changes
  /// the screen.
  private func settleForPerson() async {
    _ = await store.waitForEffects(timeout: options.settleTime)
  }

  private var unsettledMessage: String {
    "work under way (a load, a save) did not finish within "
      + "\(options.effectTimeout ?? .zero); the script stops here rather than go on without it"
  }

  private func runBuiltIn(_ name: String, _ arguments: [String]) -> Outcome? {
    switch name {
    case "help":
      output.writeLines(helpLines())
    case "show":
      showScreen(force: true)
    case "state":
      output.writeLines(ValueDescription.lines(of: store.state))
    case "trace":
      switch arguments {
      case ["on"]: trace.isEnabled = true
      case ["off"]: trace.isEnabled = false
      default: return .failed("usage: trace on|off")
      }
      output.write("trace \(trace.isEnabled ? "on" : "off")\n")
    case "quit", "exit":
      return .quit
    default:
      return nil
    }
    return .handled
  }

  private func helpLines() -> [String] {
    let screen = makeView(store).commands.filter(\.isListed).map { ($0.usage, $0.help) }
    let builtIns = [
      ("help", "List the commands"),
      ("show", "Show the screen again"),
      ("state", "Print the whole app state"),
      ("trace on|off", "Print each action and how it changed the state"),
      ("quit", "Leave"),
    ]
    let width = (screen + builtIns).map(\.0.count).max() ?? 0
    func line(_ entry: (String, String)) -> String {
      "  " + entry.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.1
    }
    var lines = ["Commands on this screen:"]
    lines += screen.isEmpty ? ["  (none)"] : screen.map(line)
    lines.append("Always available:")
    lines += builtIns.map(line)
    return lines
  }

  /// The screen as the store's state is now, rendered by `view` when one was built for this
  /// command already. With a person at the prompt the render observes the stores it read (as
  /// a SwiftUI view's body does), so an effect's change draws it again.
  private func render(view: (any TextView)? = nil) -> [String] {
    let view = view ?? makeView(store)
    guard !isScript else { return view.render() }
    lastView = view
    renderCount += 1
    let render = renderCount
    return withObservationTracking {
      view.render()
    } onChange: { [weak self] in
      // Observation calls this on the thread that made the change: the main actor's after a
      // store's batch, but also an effect's thread, or the main actor in the middle of a
      // reduce, for a shared value. Drawing waits for the main actor to be free.
      Task { @MainActor [weak self] in
        guard let self, render == self.renderCount else { return }
        self.redrawWhileWaiting()
      }
    }
  }

  private func showScreen(force: Bool = false, view: (any TextView)? = nil) {
    let screen = render(view: view)
    guard force || screen != lastScreen else { return }
    lastScreen = screen
    output.writeScreen(screen)
  }

  private func prompt() {
    guard !isScript else { return }
    isWaitingForInput = true
    output.showPrompt(options.prompt, completions: completions())
  }

  /// What Tab offers: the commands `help` lists on the screen shown, and the built-in ones.
  private func completions() -> Completions {
    Completions(
      commands: (lastView ?? makeView(store)).commands,
      builtIns: [
        ("help", []), ("show", []), ("state", []), ("trace", [.words(["on", "off"])]),
        ("quit", []),
      ])
  }

  /// A store the last render read changed: render again (which observes again), and draw the
  /// screen if a person is at the prompt and it looks different.
  private func redrawWhileWaiting() {
    let screen = render()
    guard isWaitingForInput, screen != lastScreen else { return }
    lastScreen = screen
    output.redrawScreen(screen, prompt: options.prompt)
    // On a terminal the prompt stays; what Tab offers follows the screen.
    if output.isTerminal { output.showPrompt(options.prompt, completions: completions()) }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
