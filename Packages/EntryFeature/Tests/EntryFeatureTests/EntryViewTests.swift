import CoreStore
import CoreTesting
import CoreUI
import EntryFeature
import Testing

@MainActor
@Suite("EntryView")
struct EntryViewTests {
  @Test("renders the count and the panel the view-building client it is given builds")
  func rendersPanel() {
    let store = Store(initialState: Entry.State(counter: .init(count: 3))) { Entry() }
    let view = EntryView(
      store: store, viewBuilding: ViewBuildingClient { PlaceholderPanelView(text: "Items: 2") })
    #expect(view.render() == ["Entry", "  Count: 3", "  Items: 2"])
  }

  @Test("the panel is built on every render, so it shows the state its builder reads now")
  func panelFollowsItsState() {
    let store = Store(initialState: Entry.State()) { Entry() }
    let count = PanelCount()
    let view = EntryView(
      store: store,
      viewBuilding: ViewBuildingClient { PlaceholderPanelView(text: "Items: \(count.value)") })
    #expect(view.render().last == "  Items: 0")
    count.value = 5
    #expect(view.render().last == "  Items: 5")
  }

  @Test("the preview's placeholder says where the real panel comes from")
  func placeholder() {
    let store = Store(initialState: Entry.State()) { Entry() }
    let lines = EntryView(store: store, viewBuilding: .placeholder).render()
    #expect(lines.last == "  [panel built by another feature; the App provides it]")
  }

  @Test("its commands send Entry's actions: the counter's first, then one per route")
  func commands() throws {
    let store = Store(initialState: Entry.State()) { Entry() }
    let view = EntryView(store: store, viewBuilding: .placeholder)
    // The routes' commands come and go with make route and make remove-feature.
    #expect(Array(view.commands.map(\.name).prefix(2)) == ["+", "-"])
    try view.commands[0].run([])
    try view.commands[0].run([])
    try view.commands[1].run([])
    #expect(store.state.counter.count == 1)
  }
}

/// A value the test changes between renders.
@MainActor
private final class PanelCount {
  var value = 0
}
