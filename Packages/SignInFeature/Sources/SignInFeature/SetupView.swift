import CoreStore
import CoreUI

/// The first-run setup as text: a welcome for the new name and the way on.
public struct SetupView: TextView {
  /// What the view renders, and where its commands send.
  public let store: Store<Setup.State, Setup.Action>

  /// A view that renders `store` and holds nothing else.
  public init(store: Store<Setup.State, Setup.Action>) {
    self.store = store
  }

  /// The welcome.
  public func render() -> [String] {
    [
      "Setup",
      "  Welcome, \(store.state.name). This is your first time here.",
      "  Type done to finish setting up; next time you go straight home.",
    ]
  }

  /// `done`, `back`.
  public var commands: [TextCommand] {
    [
      TextCommand("done", help: "Finish setting up and go home") { _ in
        store.send(.doneTapped)
      },
      TextCommand("back", help: "Go back to sign in") { _ in store.send(.backTapped) },
    ]
  }
}
