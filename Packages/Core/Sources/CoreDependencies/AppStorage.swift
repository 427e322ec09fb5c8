import Foundation

/// The settings file that `.appStorage` values are entries of, as TCA's `.appStorage` keeps
/// them in `UserDefaults`: one JSON object, one entry per key. Entries are read and written
/// through ``FileStorage`` (memory in tests); a save rewrites only its own entry, so two
/// programs that change different settings both keep their change.
public struct AppStorage: Sendable {
  /// The settings file.
  public let url: URL

  /// A settings file at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// `settings.json` in the folder named after the program under `$XDG_CONFIG_HOME` (by
  /// default `~/.config`).
  public static var standard: AppStorage {
    let environment = ProcessInfo.processInfo.environment
    let configuration =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
    return AppStorage(
      url: configuration.appendingPathComponent(ProcessInfo.processInfo.processName)
        .appendingPathComponent("settings.json"))
  }
}

/// A setting kept as one entry of the settings file (``AppStorage``), as TCA's
/// `.appStorage("key")`.
public struct AppStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The entry's name.
  public let key: String

  /// The box of the entry in the current settings file.
  public func reference(initialValue: () -> Value) -> SharedReference<Value> {
    let url = DependencyValues.current.defaultAppStorage.url
    return DependencyValues.current.defaultFileStorage.reference(
      key: "\(url.standardizedFileURL.path)#\(key)", initialValue: initialValue
    ) { SettingsEntry(url: url, key: key, files: $0) }
  }
}

extension SharedKey {
  /// A setting kept under `key` in the settings file, as JSON.
  public static func appStorage<Kept: Codable & Sendable>(_ key: String) -> Self
  where Self == AppStorageKey<Kept> {
    AppStorageKey(key: key)
  }
}

extension DependencyValues {
  /// The settings file `.appStorage` values are entries of.
  public var defaultAppStorage: AppStorage {
    get { self[AppStorageDependency.self] }
    set { self[AppStorageDependency.self] = newValue }
  }
}

private enum AppStorageDependency: DependencyKey {
  static var liveValue: AppStorage { .standard }
  static var testValue: AppStorage { .standard }
}
