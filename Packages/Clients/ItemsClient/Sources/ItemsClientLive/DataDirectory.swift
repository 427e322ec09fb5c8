import Foundation

/// Where the demo keeps its files when `--data-dir` is not given: the platform's per-user
/// data folder (`$XDG_DATA_HOME/switchyard`, else `~/.local/share/switchyard` on Linux;
/// `~/Library/Application Support/Switchyard` on Apple platforms).
public enum DataDirectory {
  /// The default folder, from the environment.
  public static func `default`(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    #if canImport(Darwin)
      let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
      return support[0].appendingPathComponent("Switchyard")
    #else
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg).appendingPathComponent("switchyard")
      }
      let home = environment["HOME"] ?? NSHomeDirectory()
      return URL(fileURLWithPath: home).appendingPathComponent(".local/share/switchyard")
    #endif
  }

  /// Checks a folder the person chose: it may not exist yet, but must not be a file.
  public static func validate(_ path: String) throws(DataDirectoryError) -> URL {
    guard !path.isEmpty else { throw .empty }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      throw .notAFolder(path)
    }
    return URL(fileURLWithPath: path)
  }
}

/// Why a chosen data folder cannot be used.
public enum DataDirectoryError: Error, Equatable, LocalizedError {
  /// `--data-dir ""`.
  case empty
  /// The path is a file.
  case notAFolder(String)

  /// One line for the person.
  public var errorDescription: String? {
    switch self {
    case .empty: "--data-dir needs a folder path"
    case .notAFolder(let path): "--data-dir \(path) is a file, not a folder; give a folder"
    }
  }
}
