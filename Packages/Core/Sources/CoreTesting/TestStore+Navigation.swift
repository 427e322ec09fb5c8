import CoreDependencies
import CoreRouting
import CoreStore

extension TestStore {
  /// Waits for the next screen the feature's effects asked for with `@Dependency(\.navigate)`
  /// (at any depth) and checks it is `command`. Exhaustive, every request must be asserted:
  /// `send` and `finish` fail for one that was not, as for an action not received.
  ///
  /// ```swift
  /// await store.send(.openInHogeTapped)
  /// await store.receiveNavigation(.push(ItemList.Route.hoge(name: "Milk")))
  /// ```
  public func receiveNavigation<Route: NavigationRoute>(
    _ command: NavigationCommand<Route>,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let expected = NavigationRequest(command)
    beginStep()
    defer { endStep() }
    let wait = timeout ?? self.timeout
    let arrived = await harness.wait(timeout: wait) { !self.harness.navigationRequests.isEmpty }
    guard arrived else {
      report(
        "Expected a navigation request \(expected), but none was made within "
          + harness.lastWaitEnd.describe(wait),
        at: location)
      return
    }
    let request = harness.navigationRequests.removeFirst()
    if request != expected {
      report(
        "Expected the navigation request \(expected), but the request was \(request)",
        at: location)
    }
    await settle()
  }

  /// The requests not asserted yet, reported (a failure when exhaustive) and dropped.
  func reportUnassertedNavigation(
    before step: @autoclosure () -> String, at location: IssueLocation
  ) {
    guard !harness.navigationRequests.isEmpty else { return }
    skip(Self.unassertedNavigationMessage(harness.navigationRequests, before: step()), at: location)
    harness.navigationRequests.removeAll()
  }

  /// What an exhaustive store says of requests not asserted.
  nonisolated static func unassertedNavigationMessage(
    _ requests: [NavigationRequest], before step: String
  ) -> String {
    "Must assert \(requests.count) navigation request(s) with receiveNavigation \(step): "
      + requests.map(\.description).joined(separator: ", ")
  }
}
