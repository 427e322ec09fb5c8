import CoreStore

/// The commands of an alert's or a dialog's buttons: each button answers to its number and to
/// its label in lower case with dashes (`Delete item` → `2` and `delete-item`); a label that a
/// built-in command or another button already uses answers to its number only.
@MainActor
enum ButtonCommands {
  static let reserved: Set<String> = ["help", "show", "state", "trace", "quit", "exit", "back"]

  /// One line per button, `  1) Delete (destructive)`, for the screen.
  static func lines<Action>(for buttons: [ButtonState<Action>]) -> [String] {
    buttons.enumerated().map { index, button in
      var line = "  \(index + 1)) \(button.label)"
      if button.role == .destructive { line += " (cannot be undone)" }
      return line
    }
  }

  /// The commands: a number and a name per button, and `back`, which closes without choosing.
  static func commands<Action>(
    for buttons: [ButtonState<Action>],
    choose: @escaping @MainActor (Action?) -> Void
  ) -> [TextCommand] {
    var used = reserved
    var commands: [TextCommand] = []
    for (index, button) in buttons.enumerated() {
      let help = "Choose \(button.label)"
      let action = button.action
      commands.append(TextCommand("\(index + 1)", help: help) { _ in choose(action) })
      let name = commandName(for: button.label)
      if !name.isEmpty, !used.contains(name), Int(name) == nil {
        used.insert(name)
        commands.append(TextCommand(name, help: help) { _ in choose(action) })
      }
    }
    commands.append(TextCommand("back", help: "Close without choosing") { _ in choose(nil) })
    return commands
  }

  /// The commands of a presented alert's or dialog's buttons: a choice sends the button's
  /// action, or dismisses when it has none.
  static func commands<State, Action>(
    for buttons: [ButtonState<Action>],
    store: Store<State, PresentationAction<Action>>
  ) -> [TextCommand] {
    commands(for: buttons) { action in
      store.send(action.map { .presented($0) } ?? .dismiss)
    }
  }

  /// `Delete item!` → `delete-item`.
  static func commandName(for label: String) -> String {
    var name = ""
    for character in label.lowercased() {
      if character.isLetter || character.isNumber {
        name.append(character)
      } else if !name.isEmpty, name.last != "-" {
        name.append("-")
      }
    }
    while name.last == "-" { name.removeLast() }
    return name
  }
}
