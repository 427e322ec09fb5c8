// Alerts and dialogs compare and describe by what they show, not by which presentation they
// are, as TCA's do: a test writes `$0.alert = AlertState(title: "Saved")` without knowing the
// id the reducer's alert drew.

extension AlertState: Equatable where Action: Equatable {
  /// Equal when the title, the message and the buttons are; the ``id`` is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: CustomReflectable {
  /// The title, the message and the buttons: what state dumps and test failures show.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Equal when the title, its visibility, the message and the buttons are; the ``id`` is not
  /// compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// The title, its visibility, the message and the buttons: what state dumps and test
  /// failures show.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "title": title, "titleVisibility": titleVisibility, "message": message as Any,
        "buttons": buttons,
      ],
      displayStyle: .struct)
  }
}
