import CoreStore
import CoreUI

/// Shows the name Hoge will pass on and why the last command was refused; the text-terminal
/// counterpart of a SwiftUI view on the same store.
public struct HogeView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<Hoge.State, Hoge.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<Hoge.State, Hoge.Action>) {
    self.store = store
  }

  /// The name, and the last refusal if any.
  public func render() -> [String] {
    let name = store.state.name.isEmpty ? "(none yet)" : store.state.name
    var lines = ["Hoge", "  Name: \(name)"]
    if let message = store.state.message { lines.append("  ! \(message)") }
    return lines
  }

  /// `name`, `fuga`, `items`, `back`.
  public var commands: [TextCommand] {
    [
      TextCommand("name", arguments: [.required("text")], help: "Set the name to pass on") {
        arguments in
        store.send(.set(\.name, try arguments.string(0)))
      },
      TextCommand("fuga", help: "Open Fuga with the name") { _ in store.send(.fugaTapped) },
      TextCommand("items", help: "Show the item list") { _ in store.send(.itemsTapped) },
      TextCommand("back", help: "Go back") { _ in store.send(.backTapped) },
    ]
  }
}
