import CoreConsole
import CoreDependencies
import CoreStore
import CoreUI

extension AppReducer {
  /// The console on the app, started: its `onAppear` is sent before the first line is read,
  /// so the first screen shows what appearing loads (in script mode the console waits for it).
  /// The demo, the transcripts and the fuzz target all start the app this one way.
  ///
  /// ```swift
  /// let console = AppReducer.console { $0.items = .inMemory([]) }
  /// ```
  @MainActor
  public static func console(
    withDependencies prepare: (inout DependencyValues) -> Void
  ) -> Console<State, Action> {
    let console = Console(initialState: State()) {
      AppReducer()
    } withDependencies: {
      prepare(&$0)
    } view: { store in
      AppRouterView(
        store: store.scope(state: \.router, action: \.router),
        screenDependencies: screenDependencies(
          panel: store.scope(state: \.panel, action: \.panel)))
    }
    console.store.send(.onAppear)
    return console
  }
}
