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
  public enum Action: BindableAction, CasePathable, Equatable, Sendable {
    /// The person typed into a field of the draft: `.set(\.draft.name, "Tea")`.
    case binding(BindingAction<State>)
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

  /// Keeps each change to the draft that is valid (the old value and a refusal otherwise);
  /// saves or cancels.
  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.draft.name) { oldName, newName in
        Reduce { state, _ in
          switch ItemName.validate(newName) {
          case .success(let name): state.accept { $0.name = name }
          case .failure(let error): state.refuse(error.description) { $0.name = oldName }
          }
          return .none
        }
      }
      .onChange(of: \.draft.quantity) { oldQuantity, newQuantity in
        Reduce { state, _ in
          if (0...Item.maximumQuantity).contains(newQuantity) {
            state.accept { _ in }
          } else {
            state.refuse(
              "A quantity is from 0 to \(Item.maximumQuantity); got \(newQuantity)."
            ) {
              $0.quantity = oldQuantity
            }
          }
          return .none
        }
      }
      .onChange(of: \.draft.note) { oldNote, newNote in
        Reduce { state, _ in
          if ControlCharacters.contains(newNote) {
            state.refuse(
              "A note cannot hold control characters (ESC, BEL, direction overrides); type "
                + "plain text."
            ) { $0.note = oldNote }
          } else {
            state.accept { _ in }
          }
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
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
}

extension ItemEdit.State {
  /// Keeps a valid change (after `adjust`, which puts the field as it should be stored) and
  /// clears the last refusal.
  fileprivate mutating func accept(_ adjust: (inout Item) -> Void) {
    adjust(&draft)
    message = nil
  }

  /// Puts a field back (`restore`) and says why the change was refused.
  fileprivate mutating func refuse(_ reason: String, restore: (inout Item) -> Void) {
    restore(&draft)
    message = reason
  }
}
