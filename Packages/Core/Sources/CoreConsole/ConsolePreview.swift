import CoreDependencies
import CoreRouting
import CoreStore
import CoreUI

extension Console {
  /// A console that runs one feature alone, as its preview does: preview dependencies, and
  /// what only the App can do is said instead of left undone — a navigation request (an
  /// action `navigation` reads, or `@Dependency(\.navigate)` called at any depth) prints
  /// "(in the app, this would open fuga(name: "Ann"))", and `dismiss()` on the first screen
  /// prints that it is the preview's first screen.
  ///
  /// ```swift
  /// Console.preview(initialState: Hoge.State()) {
  ///   Hoge()
  /// } navigation: { action in
  ///   if case .delegate(.navigate(let command)) = action { command } else { nil }
  /// } view: {
  ///   HogeView(store: $0)
  /// }
  /// ```
  public static func preview<R: Reducer, View: TextView, Route>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    navigation: @escaping (Action) -> NavigationCommand<Route>?,
    view: @escaping @MainActor (Store<State, Action>) -> View
  ) -> Console where R.State == State, R.Action == Action {
    let notes = NoteLine()
    let base = reducer()
    return Console(
      initialState: initialState(),
      reducer: {
        Reduce { state, action in
          if let command = navigation(action) {
            let line = "(in the app, this would \(command.whatTheAppWouldDo))"
            MainActor.assumeIsolated { notes.write(line) }
          }
          return base.reduce(into: &state, action: action)
        }
      },
      withDependencies: {
        $0.context = .preview
        $0.dismiss = DismissEffect {
          await notes.write(
            "(this is the preview's first screen: in the app, this would close it)")
        }
        $0.navigate = NavigateEffect { request in
          await notes.write("(in the app, this would \(request.anyCommand.whatTheAppWouldDo))")
        }
      },
      view: view, notes: notes)
  }

  /// A preview of a feature that asks for no navigation: only its dismiss is said.
  public static func preview<R: Reducer, View: TextView>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    view: @escaping @MainActor (Store<State, Action>) -> View
  ) -> Console where R.State == State, R.Action == Action {
    preview(
      initialState: initialState(), reducer: reducer,
      navigation: { (_: Action) -> NavigationCommand<Never>? in nil }, view: view)
  }
}

extension NavigationCommand {
  /// What the App would do for this command, for a preview to say: "open fuga(name: "Ann")".
  var whatTheAppWouldDo: String {
    switch self {
    case .push(let route): "open \(route)"
    case .pop: "go back one screen"
    case .popTo(let route): "go back to the nearest \(route) screen"
    case .popToRoot: "go back to the first screen"
    }
  }
}

/// Lines a console prints between a command and the screen: what a preview would have done.
@MainActor
final class NoteLine {
  var output: ConsoleOutput?

  func write(_ line: String) {
    output?.write(line + "\n")
  }
}
