import Foundation

/// A button of an alert or a confirmation dialog: its label, its role, and the action it
/// sends when chosen (none: it only closes).
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion(item.id), label: "Delete")
/// ```
public struct ButtonState<Action> {
  /// What a button means, for how it is shown: ``ButtonStateRole``.
  public typealias Role = ButtonStateRole

  /// The role, if any.
  public var role: Role?
  /// The action sent when the button is chosen; nil only closes.
  public var action: Action?
  /// The text on the button.
  public var label: String

  /// A button with a label, and optionally a role and an action.
  public init(role: Role? = nil, action: Action? = nil, label: String) {
    self.role = role
    self.action = action
    self.label = label
  }
}

/// What a button of an alert or a dialog means, for how it is shown (TCA's
/// `ButtonStateRole`; also spelled `ButtonState.Role`).
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Closes without doing anything.
  case cancel
  /// Does something that cannot be undone.
  case destructive
}

/// An alert as state: a title, a message and buttons. Present it with `@PresentationState`
/// and `ifLet(\.$alert, action: .alert)`, or as a plain optional with `ifLet(\.alert, action:
/// \.alert)`; it closes itself when any of its buttons is chosen, and the parent receives the
/// button's action. Each alert made is a new presentation (its ``id``), as in TCA: a parent that
/// answers a button with an equal alert shows it again.
///
/// ```swift
/// state.alert = AlertState(
///   title: "Delete Milk?",
///   message: "This cannot be undone.",
///   buttons: [
///     ButtonState(role: .destructive, action: .confirmDeletion(id), label: "Delete"),
///     ButtonState(role: .cancel, label: "Cancel"),
///   ])
/// ```
public struct AlertState<Action>: EphemeralState, Identifiable {
  /// Which presentation this is: new for every alert made, kept by ``map(_:)``; not compared
  /// by `==` and not shown in descriptions.
  public let id: UUID
  /// The question or the news, in a few words: the first line shown.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons; an alert with none shows a single OK that closes it.
  public var buttons: [ButtonState<Action>]

  /// An alert to present; with no buttons it offers a single OK.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.init(id: UUID(), title: title, message: message, buttons: buttons)
  }

  init(id: UUID, title: String, message: String?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

/// A confirmation dialog as state: a choice among actions, with an optional title. Presented
/// and closed like ``AlertState``, and like it a new presentation each time one is made.
public struct ConfirmationDialogState<Action>: EphemeralState, Identifiable {
  /// Which presentation this is: new for every dialog made, kept by ``map(_:)``; not compared
  /// by `==` and not shown in descriptions.
  public let id: UUID
  /// Whether the title is shown: ``ConfirmationDialogStateTitleVisibility``.
  public typealias TitleVisibility = ConfirmationDialogStateTitleVisibility

  /// What the choice is about, shown above it as `titleVisibility` says.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// The text under the title, if any.
  public var message: String?
  /// The choices; a cancel button is added when none has the cancel role.
  public var buttons: [ButtonState<Action>]

  /// A dialog to present; a cancel button is added when no button has the cancel role.
  public init(
    title: String,
    titleVisibility: TitleVisibility = .automatic,
    message: String? = nil,
    buttons: [ButtonState<Action>]
  ) {
    self.init(
      id: UUID(), title: title, titleVisibility: titleVisibility, message: message,
      buttons: buttons)
  }

  init(
    id: UUID, title: String, titleVisibility: TitleVisibility, message: String?,
    buttons: [ButtonState<Action>]
  ) {
    self.id = id
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

/// Whether a confirmation dialog's title is shown (TCA's
/// `ConfirmationDialogStateTitleVisibility`; also spelled
/// `ConfirmationDialogState.TitleVisibility`).
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform decides (shown in text).
  case automatic
  /// Always shown.
  case visible
  /// Never shown.
  case hidden
}

/// A presented state that goes away as soon as it sends an action: alerts and confirmation
/// dialogs. `ifLet` dismisses it before the parent sees the action, also when it is one case
/// of a `Destination` enum.
public protocol EphemeralState {}

/// Whether a presented value is ephemeral, itself or as the payload of an enum case.
func isEphemeral(_ value: Any) -> Bool {
  if value is any EphemeralState { return true }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any EphemeralState
}

/// Which alert or dialog a presented value shows, itself or as the payload of an enum case:
/// its ``AlertState/id`` with the case's name; nil when it shows none.
func ephemeralPresentation(of value: Any) -> AnyHashable? {
  if let ephemeral = value as? any EphemeralState & Identifiable {
    return presentationID(of: ephemeral)
  }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first,
    let ephemeral = payload.value as? any EphemeralState & Identifiable
  else { return nil }
  return [AnyHashable(payload.label ?? ""), presentationID(of: ephemeral)]
}

private func presentationID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension AlertState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
