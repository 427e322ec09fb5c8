import CoreStore
import CoreUI
import EntryFeature
import FugaFeature
import HogeFeature
import ItemListFeature

/// The app's text view: a breadcrumb of the stack, then the top screen and its commands.
public struct AppRouterView: TextView {
  /// The router's store.
  public let store: Store<AppRouter.State, AppRouter.Action>

  /// A view of the app.
  public init(store: Store<AppRouter.State, AppRouter.Action>) {
    self.store = store
  }

  /// `Entry > Hoge > Fuga`, the top screen, and the router's notice if any.
  public func render() -> [String] {
    let titles = ["Entry"] + store.state.path.map(\.title)
    var lines = ["» " + titles.joined(separator: " > ")] + topView.render()
    if let notice = store.state.notice { lines.append("! \(notice)") }
    return lines
  }

  /// The top screen's commands; on the first screen also `back`, which says there is none.
  public var commands: [TextCommand] {
    guard store.state.path.isEmpty else { return topView.commands }
    return topView.commands + [
      TextCommand("back", help: "Go back (there is nothing before the first screen)") { _ in
        store.send(.backTapped)
      }
    ]
  }

  /// The view of the screen on top of the stack, or Entry.
  private var topView: any TextView {
    guard let id = store.state.path.ids.last,
      let top = store.scope(
        state: { $0.path[id: id] },
        action: CasePath.path.appending(Self.element(id)))
    else {
      return EntryView(store: store.scope(state: \.entry, action: .entry))
    }
    if let hoge = top.scope(state: { CasePath.hoge.extract(from: $0) }, action: .hoge) {
      return HogeView(store: hoge)
    }
    if let fuga = top.scope(state: { CasePath.fuga.extract(from: $0) }, action: .fuga) {
      return FugaView(store: fuga)
    }
    if let items = top.scope(state: { CasePath.items.extract(from: $0) }, action: .items) {
      return ItemListView(store: items)
    }
    // archcheck:insert-path-view
    return EntryView(store: store.scope(state: \.entry, action: .entry))
  }

  /// The actions of the stack element with this id.
  private static func element(
    _ id: StackElementID
  ) -> CasePath<StackActionOf<AppRouter.Path>, AppRouter.Path.Action> {
    CasePath(
      { .element(id: id, action: $0) },
      extract: { if case .element(id, let action) = $0 { action } else { nil } })
  }
}
