import CoreDependencies
import Foundation
import NavigationLogClient

extension NavigationLogClient: DependencyKey {
  /// `log: <line>` on standard output, between the demo's screens.
  public static let liveValue = NavigationLogClient { line in
    FileHandle.standardOutput.write(Data("log: \(line)\n".utf8))
  }
}
