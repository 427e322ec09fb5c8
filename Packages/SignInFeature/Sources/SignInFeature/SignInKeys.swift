import CoreDependencies

extension SharedKey where Self == AppStorageKey<[String]>.Default {
  /// The names that finished setup here (lowercased), a setting: the gate's decision between
  /// setup and home. Memory in tests and previews; the settings file in the app.
  public static var setUpNames: Self {
    Self[.appStorage("setUpNames"), default: []]
  }
}
