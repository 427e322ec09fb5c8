import CoreDependencies
import CoreStore
import EntryFeature
import FugaFeature
import HogeFeature
import ItemListFeature
import Testing

@testable import AppFeature

/// The breadcrumb stays one short line however deep the stack, so each screen renders in the
/// same time at depth 10,000 as at depth 3.
@MainActor
@Suite("Breadcrumb")
struct BreadcrumbTests {
  private func stack(depth: Int) -> StackState<AppRouter.Path.State> {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var path = StackState<AppRouter.Path.State>()
      for index in 0..<depth {
        path.append(
          index.isMultiple(of: 2)
            ? .hoge(Hoge.State()) : .fuga(Fuga.State(name: "Ann")))
      }
      return path
    }
  }

  private let entry = AppRouter.Tabs.entry.root

  @Test("up to six screens, every title shows", .standsOn(Hoge.self, Fuga.self, Entry.self))
  func shortStack() {
    #expect(AppRouterView.breadcrumb(entry, stack(depth: 0)) == "» Entry")
    #expect(
      AppRouterView.breadcrumb(entry, stack(depth: 5))
        == "» Entry > Hoge > Fuga > Hoge > Fuga > Hoge")
  }

  @Test(
    "past six, the middle is left out and the count said, with digits grouped",
    .standsOn(Hoge.self, Fuga.self, Entry.self))
  func deepStack() {
    #expect(
      AppRouterView.breadcrumb(entry, stack(depth: 6)) == "» Entry > … > Hoge > Fuga (7 screens)")
    #expect(
      AppRouterView.breadcrumb(entry, stack(depth: 10_001))
        == "» Entry > … > Fuga > Hoge (10,002 screens)")
    #expect(AppRouterView.grouped(1_234_567) == "1,234,567")
    #expect(AppRouterView.grouped(999) == "999")
  }

  @Test(
    "signed in, the tab shows first, in brackets; the gate has none",
    .standsOn(Hoge.self, ItemList.self, Entry.self))
  func tabShown() {
    #expect(
      AppRouterView.breadcrumb(entry, stack(depth: 1), tab: .entry) == "» [entry] Entry > Hoge")
    #expect(
      AppRouterView.breadcrumb(AppRouter.Tabs.items.root, stack(depth: 0), tab: .items)
        == "» [items] Items")
    #expect(AppRouterView.breadcrumb(.gateScreen, stack(depth: 0)) == "» Sign in")
  }
}
