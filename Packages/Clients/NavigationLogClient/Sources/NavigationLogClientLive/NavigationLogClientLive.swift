import CoreConsole
import CoreDependencies
import CoreUI
import NavigationLogClient

extension NavigationLogClient: DependencyKey {
  /// `log: <line>` on standard output, between the demo's screens. A write that fails
  /// (standard output closed or full) is dropped here; the console notices it at its own next
  /// write and ends the run.
  public static let liveValue = NavigationLogClient { line in
    StandardStream.output("log: \(line)\n")
  }
}
