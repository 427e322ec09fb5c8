import CoreStore
import CoreUI

/// The delete question's text view.
public struct ConfirmDeleteView: TextView {
  /// The question's store.
  public let store: Store<ConfirmDeleteFeature.State, ConfirmDeleteFeature.Action>

  /// A view of the question.
  public init(store: Store<ConfirmDeleteFeature.State, ConfirmDeleteFeature.Action>) {
    self.store = store
  }

  /// The question.
  public func render() -> [String] {
    ["Items › Delete", "  Delete \(ItemText.summary(of: store.state.item))? (yes/no)"]
  }

  /// `yes`, `no`, `back`.
  public var commands: [TextCommand] {
    [
      TextCommand("yes", help: "Delete it") { _ in store.send(.yesTapped) },
      TextCommand("no", help: "Keep it") { _ in store.send(.noTapped) },
      TextCommand("back", help: "Keep it") { _ in store.send(.noTapped) },
    ]
  }
}
