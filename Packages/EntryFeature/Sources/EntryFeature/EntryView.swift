import CoreDependencies
import CoreStore
import CoreUI

/// Entry's text view: the counter, the panel another feature builds, and the commands.
public struct EntryView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<Entry.State, Entry.Action>
  /// Builds the panel another feature owns.
  public let viewBuilding: ViewBuildingClient

  /// A view of Entry, with the panel `viewBuilding` builds.
  public init(store: Store<Entry.State, Entry.Action>, viewBuilding: ViewBuildingClient) {
    self.store = store
    self.viewBuilding = viewBuilding
  }

  /// A view of Entry with the panel the current `viewBuilding` dependency builds: how the
  /// App's screen views draw it (the App sets the real panel; a preview shows the
  /// placeholder).
  public init(store: Store<Entry.State, Entry.Action>) {
    @Dependency(\.viewBuilding) var viewBuilding
    self.init(store: store, viewBuilding: viewBuilding)
  }

  /// The screen's lines.
  public func render() -> [String] {
    ["Entry", "  Count: \(store.state.counter.count)"]
      + viewBuilding.panel().render().map { "  " + $0 }
  }

  /// `+`, `-`, `hoge`, `items`.
  public var commands: [TextCommand] {
    let counter = store.scope(state: \.counter, action: \.counter)
    return [
      TextCommand("+", help: "Add one to the count") { _ in counter.send(.incrementTapped) },
      TextCommand("-", help: "Take one from the count") { _ in counter.send(.decrementTapped) },
      TextCommand("hoge", help: "Open Hoge") { _ in store.send(.hogeTapped) },
      TextCommand("items", help: "Open the item list") { _ in store.send(.itemsTapped) },
    ]
  }
}
