import Foundation

#if !canImport(Darwin)
  extension URL {
    /// The user's documents folder, `~/Documents`: Foundation has this on Apple platforms and
    /// not on Linux, where TCA code that keeps a file there
    /// (`.fileStorage(.documentsDirectory.appending(component: "stats.json"))`) would otherwise
    /// not compile.
    public static var documentsDirectory: URL {
      URL.homeDirectory.appending(component: "Documents", directoryHint: .isDirectory)
    }
  }
#endif
