import CoreDependencies
import CoreStore
import Testing

@testable import AppFeature

/// The breadcrumb stays one short line however deep the stack, so each screen renders in the
/// same time at depth 10,000 as at depth 3. It stands on whichever screens the App has: the
/// gate and the tabs' roots, by their titles.
@MainActor
@Suite("Breadcrumb")
struct BreadcrumbTests {
  /// Screens every App has: the gate and each tab's root.
  private let screens = [AppRouter.Path.State.gateScreen] + AppRouter.Tabs.allCases.map(\.root)
  private let tab = AppRouter.Tabs.allCases[0]

  /// A stack of `depth` screens over the first tab's root, the screens taken in turn.
  private func stack(depth: Int) -> StackState<AppRouter.Path.State> {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var path = StackState<AppRouter.Path.State>()
      for index in 0..<depth {
        path.append(screens[index % screens.count])
      }
      return path
    }
  }

  /// The title of the `index`th screen of a stack: the root's, then the pushed ones'.
  private func title(_ index: Int) -> String {
    index == 0 ? tab.root.title : screens[(index - 1) % screens.count].title
  }

  @Test("up to six screens, every title shows")
  func shortStack() {
    #expect(AppRouterView.breadcrumb(tab.root, stack(depth: 0)) == "» \(title(0))")
    let five = (0...5).map(title).joined(separator: " > ")
    #expect(AppRouterView.breadcrumb(tab.root, stack(depth: 5)) == "» \(five)")
  }

  @Test("past six, the middle is left out and the count said, with digits grouped")
  func deepStack() {
    #expect(
      AppRouterView.breadcrumb(tab.root, stack(depth: 6))
        == "» \(title(0)) > … > \(title(5)) > \(title(6)) (7 screens)")
    #expect(
      AppRouterView.breadcrumb(tab.root, stack(depth: 10_001))
        == "» \(title(0)) > … > \(title(10_000)) > \(title(10_001)) (10,002 screens)")
    #expect(AppRouterView.grouped(1_234_567) == "1,234,567")
    #expect(AppRouterView.grouped(999) == "999")
  }

  @Test("signed in, the tab shows first, in brackets; the gate has none")
  func tabShown() {
    for tab in AppRouter.Tabs.allCases {
      #expect(
        AppRouterView.breadcrumb(tab.root, stack(depth: 0), tab: tab)
          == "» [\(tab.rawValue)] \(tab.root.title)")
    }
    #expect(
      AppRouterView.breadcrumb(tab.root, stack(depth: 1), tab: tab)
        == "» [\(tab.rawValue)] \(title(0)) > \(title(1))")
    let gate = AppRouter.Path.State.gateScreen
    #expect(AppRouterView.breadcrumb(gate, stack(depth: 0)) == "» \(gate.title)")
  }
}
