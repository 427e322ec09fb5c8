import CoreStore

/// Shows an `AlertState` as text: the title, the message, and one numbered line per button.
/// Choosing a button sends its action (the presentation closes itself); `back`, or a button
/// with no action, dismisses.
///
/// ```swift
/// if let alert = store.scope(state: { $0.alert }, action: .alert) {
///   return AlertView(store: alert)
/// }
/// ```
public struct AlertView<Action>: TextView {
  /// The presented alert's store.
  public let store: Store<AlertState<Action>, PresentationAction<Action>>

  /// A view of the alert.
  public init(store: Store<AlertState<Action>, PresentationAction<Action>>) {
    self.store = store
  }

  /// The title, the message, the buttons.
  public func render() -> [String] {
    let alert = store.state
    var lines = [alert.title]
    if let message = alert.message { lines.append("  \(message)") }
    return lines + ButtonCommands.lines(for: buttons)
  }

  /// A command per button, and `back`.
  public var commands: [TextCommand] {
    ButtonCommands.commands(for: buttons, store: store)
  }

  private var buttons: [ButtonState<Action>] {
    let buttons = store.state.buttons
    return buttons.isEmpty ? [ButtonState(role: .cancel, label: "OK")] : buttons
  }
}

/// Shows a `ConfirmationDialogState` as text, like ``AlertView``; a cancel button is offered
/// when the dialog has none.
public struct ConfirmationDialogView<Action>: TextView {
  /// The presented dialog's store.
  public let store: Store<ConfirmationDialogState<Action>, PresentationAction<Action>>

  /// A view of the dialog.
  public init(store: Store<ConfirmationDialogState<Action>, PresentationAction<Action>>) {
    self.store = store
  }

  /// The title (unless hidden), the message, the choices.
  public func render() -> [String] {
    let dialog = store.state
    var lines: [String] = []
    if dialog.titleVisibility != .hidden { lines.append(dialog.title) }
    if let message = dialog.message { lines.append("  \(message)") }
    return lines + ButtonCommands.lines(for: buttons)
  }

  /// A command per choice, and `back`.
  public var commands: [TextCommand] {
    ButtonCommands.commands(for: buttons, store: store)
  }

  private var buttons: [ButtonState<Action>] {
    let buttons = store.state.buttons
    guard !buttons.contains(where: { $0.role == .cancel }) else { return buttons }
    return buttons + [ButtonState(role: .cancel, label: "Cancel")]
  }
}
