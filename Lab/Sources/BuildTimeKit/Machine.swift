import ArchCheckKit
import Foundation

/// The machine a measurement ran on, stated in every report.
public struct Machine: Codable, Sendable, Equatable {
  /// Logical cores.
  public let cores: Int
  /// `swift --version`'s first line.
  public let swiftVersion: String
  /// The build system SwiftPM used.
  public let buildSystem: String
  /// The operating system.
  public let system: String

  /// This machine.
  public static func current() -> Machine {
    let version =
      (try? Shell.run(["swift", "--version"]))?.stdout.split(separator: "\n").first.map(String.init)
      ?? "unknown"
    return Machine(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      swiftVersion: version,
      buildSystem: "native (SwiftPM default)",
      system: ProcessInfo.processInfo.operatingSystemVersionString)
  }

  /// One line for reports.
  public var line: String {
    "\(cores) cores, \(swiftVersion), build system \(buildSystem), \(system)"
  }
}
