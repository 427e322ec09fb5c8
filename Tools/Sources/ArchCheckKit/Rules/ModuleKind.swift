/// The kinds of module the rules tell apart, the way Now in Android types its modules: each
/// kind says what it may depend on, and `archcheck verify` holds every module to its kind.
public enum ModuleKind: String, Sendable, CaseIterable {
  /// A module of `Packages/Core`: depends on nothing outside Core.
  case core
  /// `<Name>Client` in `Packages/Clients/<Name>Client`: a dependency's interface, test value
  /// and preview value; depends on Core only.
  case clientInterface = "client"
  /// `<Name>ClientLive` beside it: the live value; depends on Core and client interfaces, and
  /// only the App depends on it.
  case clientLive = "live client"
  /// A module of `Packages/<Name>Feature`: depends on Core and client interfaces, never on
  /// another feature or a live client.
  case feature
  /// A module of `App`: may depend on every kind.
  case app
  /// Tools, cross-module tests, the fuzz target, every test target, and an executable beside a
  /// client (a benchmark of its live value).
  case other
}
