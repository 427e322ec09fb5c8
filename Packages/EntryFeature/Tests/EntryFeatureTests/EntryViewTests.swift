import CoreDependencies
import CoreStore
import CoreTesting
import CoreUI
import EntryFeature
import Testing

@MainActor
@Suite("EntryView")
struct EntryViewTests {
  @Test("renders the count and the panel the view-building dependency builds")
  func rendersPanel() {
    let store = Store(initialState: Entry.State(counter: .init(count: 3))) { Entry() }
    let lines = withDependencies {
      $0.viewBuilding = ViewBuildingClient { PlaceholderPanelView(text: "Items: 2") }
    } operation: {
      EntryView(store: store).render()
    }
    #expect(lines == ["Entry", "  Count: 3", "  Items: 2"])
  }

  @Test("the test value of the panel reports that it was not provided")
  func unimplementedPanel() {
    let store = Store(initialState: Entry.State()) { Entry() }
    withKnownIssue {
      withDependencies {
        $0.context = .test
        $0.issueReporter = .swiftTesting
      } operation: {
        _ = EntryView(store: store).render()
      }
    }
  }

  @Test("its commands send Entry's actions")
  func commands() throws {
    let store = Store(initialState: Entry.State()) { Entry() }
    let view = EntryView(store: store)
    #expect(view.commands.map(\.name) == ["+", "-", "hoge", "items"])
    try view.commands[0].run([])
    try view.commands[0].run([])
    try view.commands[1].run([])
    #expect(store.state.counter.count == 1)
  }
}
