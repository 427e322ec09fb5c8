import Foundation
import Testing

/// The router names no feature: its files import Core and client interfaces only. The features
/// are named by the screen list (Screens.swift and what is generated from it) and by the App's
/// composition beside the router (AppReducer.swift and EntryPanel.swift).
@Suite("The router imports no feature")
struct RouterImportsTests {
  /// The router's files: its state and actions, a stack and its one decider, links, the view
  /// and the saved session.
  static let routerFiles = [
    "AppRouter.swift", "AppRouter.generated.swift", "ScreenStack.swift",
    "ScreenStack.generated.swift", "StackLinks.swift", "AppRouterView.swift", "AppSession.swift",
  ]

  @Test("no router file imports a feature module", arguments: routerFiles)
  func importsNoFeature(file: String) throws {
    let url = SourceTree.root.appendingPathComponent("App/Sources/AppFeature/\(file)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
      .map { $0.dropFirst("import ".count).trimmingCharacters(in: .whitespaces) }
    #expect(!imports.isEmpty, "\(file) has no imports: is it still the router's?")
    for module in imports {
      #expect(!module.hasSuffix("Feature"), "\(file) imports \(module)")
    }
  }
}
