import CoreDependencies

/// Where the router writes what happened to the stack ("Fuga closed"): the hook for popped
/// screens, as a dependency so tests can read it and the demo can show it.
public struct NavigationLogClient: Sendable {
  /// Writes one line.
  public var log: @Sendable (String) async -> Void

  /// A client from a writer.
  public init(log: @escaping @Sendable (String) async -> Void) {
    self.log = log
  }
}

extension NavigationLogClient: TestDependencyKey {
  /// Reports any use: a test says where the log goes.
  public static let testValue = NavigationLogClient(
    log: unimplemented("NavigationLogClient.log", placeholder: ()))

  /// Drops every line: a preview shows screens, not the log.
  public static let previewValue = NavigationLogClient { _ in }
}

extension DependencyValues {
  /// Where the router writes each screen that closes ("Fuga closed").
  public var navigationLog: NavigationLogClient {
    get { self[NavigationLogClient.self] }
    set { self[NavigationLogClient.self] = newValue }
  }
}
