import CoreStore
import NavigationLogClient

extension NavigationLogClient {
  /// An effect that logs "<Screen> closed" for each screen, in the order given (top first).
  func logClosed<Action: Sendable>(_ closed: [AppRouter.Path.State]) -> Effect<Action> {
    guard !closed.isEmpty else { return .none }
    let lines = closed.map { "\($0.title) closed" }
    return .run { _ in
      for line in lines {
        await log(line)
      }
    }
  }
}
