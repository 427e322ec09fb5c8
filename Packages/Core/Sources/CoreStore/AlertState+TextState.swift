/// Alerts, dialogs and buttons in TCA's spelling (swift-navigation's): a title and a message as
/// ``TextState`` closures, the buttons from a ``ButtonStateBuilder``. They make the same values
/// as the `String` spelling, so either may build what the other asserts.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete \(item.name)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion(item.id)) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
extension AlertState {
  /// An alert from a title, buttons (none: a single OK) and an optional message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      title: String(state: title()), message: message.map { String(state: $0()) },
      buttons: actions())
  }

  /// The same alert (the same ``AlertState/id``) over other actions: each button's action
  /// through `transform`.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension ConfirmationDialogState {
  /// A dialog from its title's visibility, a title, buttons and an optional message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      title: String(state: title()), titleVisibility: titleVisibility,
      message: message.map { String(state: $0()) }, buttons: actions())
  }

  /// A dialog whose title shows as the platform decides.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(titleVisibility: .automatic, title: title, actions: actions, message: message)
  }

  /// The same dialog (the same ``ConfirmationDialogState/id``) over other actions: each
  /// button's action through `transform`.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: id, title: title, titleVisibility: titleVisibility, message: message,
      buttons: buttons.map { $0.map(transform) })
  }
}

extension ButtonState {
  /// A button in TCA's spelling: `ButtonState(role: .cancel) { TextState("Cancel") }`, or
  /// with `action: .send(.confirm)`.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(role: role, action: action.action, label: String(state: label()))
  }

  /// A button that sends `action`: `ButtonState(action: .confirm) { TextState("OK") }`.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Hands the button's action (nil: it only closes) to `perform`.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action)
  }

  /// The same button over other actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: transform(action), label: label)
  }
}

/// What a button sends, in TCA's spelling: `.send(.confirm)`, or `.send(nil)` to only close.
/// (Without SwiftUI there is no animation to send it with.)
public struct ButtonStateAction<Action> {
  /// The action; nil only closes.
  public let action: Action?

  /// Sends `action` when the button is chosen.
  public static func send(_ action: Action?) -> ButtonStateAction {
    ButtonStateAction(action: action)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
