import CoreDependencies
import CoreStore
import CoreUI

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
public final class Console<State, Action> {
  /// The root store the console drives.
  public let store: Store<State, Action>
  private let makeView: @MainActor (Store<State, Action>) -> any TextView
  private let trace: TraceSwitch
  /// Where a preview's notes go once the console runs (nil for an app's console).
  private let notes: NoteLine?

  /// A console on a new root store, whose reducer is traced when `trace on` is typed.
  ///
  /// The store starts from the current dependency values with a cache of its own, so each
  /// console counts stack ids and other generated values from the start, whatever other
  /// consoles in the process did.
  public convenience init<R: Reducer, View: TextView>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in },
    view: @escaping @MainActor (Store<State, Action>) -> View
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: prepare, view: view,
      notes: nil)
  }

  /// The console, with the note lines of a preview (``preview(initialState:reducer:navigation:view:)``).
  init<R: Reducer, View: TextView>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepare: (inout DependencyValues) -> Void,
    view: @escaping @MainActor (Store<State, Action>) -> View,
    notes: NoteLine?
  ) where R.State == State, R.Action == Action {
    self.notes = notes
    let trace = TraceSwitch()
    var dependencies = DependencyValues.current.withFreshCache()
    DependencyValues.update(&dependencies, with: prepare)
    self.trace = trace
    self.store = DependencyValues.$current.withValue(dependencies) {
      let state = initialState()
      let base = reducer()
      return Store(initialState: state) {
        base.debug(
          isEnabled: { MainActor.assumeIsolated { trace.isEnabled } },
          to: { text in MainActor.assumeIsolated { trace.write(text) } })
      }
    }
    // Views read no dependencies: they render the store they are given, and what they need
    // from other features (a panel) is passed to them, so no task-local is set around them.
    self.makeView = { store in view(store) }
  }

  /// Reads and runs commands until `quit`, the end of the input, or (in script mode) the
  /// first failing line.
  public func run(
    input: ConsoleInput, output: ConsoleOutput, options: ConsoleOptions
  ) async -> ConsoleExit {
    notes?.output = output
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
