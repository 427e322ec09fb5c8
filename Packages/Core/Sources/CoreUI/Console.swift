import CoreDependencies
import CoreStore

/// Runs an app in a terminal: shows its root text view, reads commands, sends actions.
///
/// Built-in commands on every screen: `help`, `show`, `state`, `trace on|off`, `quit`.
/// Bad input never ends an interactive session: it gets one line saying what was wrong.
///
/// ```swift
/// let console = Console(initialState: CounterFeature.State()) {
///   CounterFeature()
/// } view: { store in
///   CounterView(store: store)
/// }
/// let exit = await console.run(input: .fileDescriptor(0), output: .standardOutput(),
///                              options: ConsoleOptions(mode: .script))
/// ```
@MainActor
public final class Console<State, Action: Sendable> {
  /// The root store the console drives.
  public let store: Store<State, Action>
  private let makeView: @MainActor (Store<State, Action>) -> any TextView
  private let trace: TraceSwitch

  /// A console on a new root store, whose reducer is traced when `trace on` is typed.
  public init<R: Reducer, View: TextView>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in },
    view: @escaping @MainActor (Store<State, Action>) -> View
  ) where R.State == State, R.Action == Action {
    let trace = TraceSwitch()
    let base = reducer()
    self.trace = trace
    self.store = Store(
      initialState: initialState,
      reducer: {
        base.debug(
          isEnabled: { MainActor.assumeIsolated { trace.isEnabled } },
          to: { text in MainActor.assumeIsolated { trace.write(text) } })
      },
      withDependencies: prepare)
    self.makeView = { view($0) }
  }

  /// Reads and runs commands until `quit`, the end of the input, or (in script mode) the
  /// first failing line.
  public func run(
    input: ConsoleInput, output: ConsoleOutput, options: ConsoleOptions
  ) async -> ConsoleExit {
    let session = ConsoleSession(
      store: store, makeView: makeView, trace: trace, output: output, options: options)
    return await session.run(input: input)
  }
}

/// Whether tracing is on, and where traced text goes.
@MainActor
final class TraceSwitch {
  var isEnabled = false
  var output: ConsoleOutput?

  func write(_ text: String) {
    output?.write(text + "\n")
  }
}
