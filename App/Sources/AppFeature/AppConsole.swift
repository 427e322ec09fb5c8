import CoreConsole
import CoreDependencies
import CoreStore
import CoreUI

extension AppRouter {
  /// The console on the router, started: its `onAppear` is sent before the first line is read,
  /// so the first screen shows what appearing loads (in script mode the console waits for it).
  /// The demo, the transcripts and the fuzz target all start the app this one way.
  ///
  /// ```swift
  /// let console = AppRouter.console { $0.items = .inMemory([]) }
  /// ```
  @MainActor
  public static func console(
    withDependencies prepare: (inout DependencyValues) -> Void
  ) -> Console<State, Action> {
    let console = Console(initialState: State()) {
      AppRouter()
    } withDependencies: {
      prepare(&$0)
    } view: {
      AppRouterView(store: $0)
    }
    console.store.send(.onAppear)
    return console
  }
}
