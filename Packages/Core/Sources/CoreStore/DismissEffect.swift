import CoreDependencies

/// Closes the screen that calls it: pops it from its stack, or dismisses its presentation.
///
/// Read it with `@Dependency(\.dismiss)` and call it from an effect. It ends in a real
/// `.popFrom(id:)` or `.dismiss` action, which the parent (a router) and tests see. Called
/// from a screen that was neither pushed nor presented, it reports an issue and does nothing.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// case .backTapped:
///   return .run { _ in await dismiss() }
/// ```
public struct DismissEffect: Sendable {
  private let override: (@Sendable () async -> Void)?

  /// A dismiss that runs `dismiss` instead; for tests that check it was called.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.override = dismiss
  }

  init() {
    self.override = nil
  }

  /// Closes the calling screen.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let override {
      await override()
      return
    }
    guard let handler = DismissContext.handler else {
      reportIssue(
        """
        dismiss() was called outside an effect of a pushed or presented screen; \
        call it inside .run of a screen shown through forEach or ifLet. A feature at the root \
        of a Store has nothing to dismiss it; test its dismissal with a TestStore, whose \
        isDismissed becomes true
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await handler.dismiss()
  }
}

extension DismissEffect: DependencyKey {
  /// Closes the screen whose effect is running.
  public static var liveValue: DismissEffect { DismissEffect() }
  /// The same as live: it only ever sends an action, which a test then receives.
  public static var testValue: DismissEffect { DismissEffect() }
}

extension DependencyValues {
  /// Whether the code running is an effect of a screen that was pushed or presented (or of a
  /// `TestStore`'s root), so that `dismiss()` can close it: `@Dependency(\.isPresented)`.
  public var isPresented: Bool { DismissContext.handler != nil }

  /// Closes the current pushed or presented screen.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}
