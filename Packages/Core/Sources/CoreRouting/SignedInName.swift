import CoreDependencies

extension SharedKey where Self == InMemoryKey<String?> {
  /// The name signed in now, nil at the gate (the screen list's first screen and whatever it
  /// pushes): set by the gate's screens just before they ask for a tab, read by the App's
  /// router (who the tabs belong to, the session it saves), cleared on sign-out. It lives here,
  /// beside the gate it belongs to, so the gate's feature and the router share it without
  /// importing each other.
  public static var signedInName: Self {
    .inMemory("signedInName")
  }
}
