/// How much a ``TestStore`` insists on: everything (`.on`, the default), or only what the test
/// asserts (`.off`), optionally showing what it let pass as known issues.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.login) { $0.isLoading = true }  // other changes are not checked
/// await store.receive(.loggedIn)                    // actions before it are skipped
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked: state changes it does not mention, actions it does
  /// not receive and effects still running pass. With `showSkippedAssertions`, each thing let
  /// pass is recorded as a known issue, so the test report lists it without failing.
  case off(showSkippedAssertions: Bool)

  /// Not exhaustive, without listing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
