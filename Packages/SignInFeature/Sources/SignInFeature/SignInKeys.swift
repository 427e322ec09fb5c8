import CoreDependencies

extension SharedKey where Self == AppStorageKey<[String]>.Default {
  /// The names that finished setup here (lowercased), a setting: the gate's decision between
  /// setup and home. Memory in tests and previews; the settings file in the app.
  public static var setUpNames: Self {
    Self[.appStorage("setUpNames"), default: []]
  }
}

extension SharedKey where Self == InMemoryKey<String?> {
  /// The name signed in now, nil at the gate: set by the gate just before it asks for home,
  /// read by whoever assembles the app (the session it saves), cleared on sign-out.
  public static var signedInName: Self {
    .inMemory("signedInName")
  }
}
