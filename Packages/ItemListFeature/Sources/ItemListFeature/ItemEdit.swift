import CoreDependencies
import CoreStore
import CoreUI
import ItemsClient

/// Edits an item, or a new one (the sheet-like "add" destination). Changes stay in the draft
/// until `save`, which hands the item to the list through a delegate action.
public struct ItemEdit: Reducer, Sendable {
  /// Whether the draft is an existing item or a new one.
  public enum Mode: Equatable, Sendable {
    /// Editing an item of the list.
    case edit
    /// Adding a new item.
    case add
  }

  /// The draft.
  public struct State: Equatable, Sendable {
    /// The item as edited so far.
    public var draft: Item
    /// Edit or add.
    public var mode: Mode
    /// Why the last change was refused, if it was.
    public var message: String?

    /// An editor for `draft`.
    public init(draft: Item, mode: Mode, message: String? = nil) {
      self.draft = draft
      self.mode = mode
      self.message = message
    }
  }

  /// What can happen in the editor.
  public enum Action: Equatable, Sendable {
    /// The person typed a name.
    case nameChanged(String)
    /// The person typed a quantity.
    case quantityChanged(Int)
    /// The person typed a note.
    case noteChanged(String)
    /// The person wants to keep the draft.
    case saveTapped
    /// The person wants to drop the draft.
    case cancelTapped
    /// Requests for the list.
    case delegate(Delegate)

    /// What the editor asks of the list.
    public enum Delegate: Equatable, Sendable {
      /// Keep this item (replace it, or add it in add mode).
      case save(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The reducer; the editor takes nothing to configure.
  public init() {}

  /// Changes the draft when the change is valid; saves or cancels.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let raw):
      switch ItemName.validate(raw) {
      case .success(let name):
        state.draft.name = name
        state.message = nil
      case .failure(let error):
        state.message = error.description
      }
      return .none
    case .quantityChanged(let quantity):
      guard (0...Item.maximumQuantity).contains(quantity) else {
        state.message = "A quantity is from 0 to \(Item.maximumQuantity); got \(quantity)."
        return .none
      }
      state.draft.quantity = quantity
      state.message = nil
      return .none
    case .noteChanged(let note):
      guard !ControlCharacters.contains(note) else {
        state.message =
          "A note cannot hold control characters (ESC, BEL, direction overrides); type plain text."
        return .none
      }
      state.draft.note = note
      state.message = nil
      return .none
    case .saveTapped:
      return .send(.delegate(.save(state.draft)))
    case .cancelTapped:
      return .run { _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
