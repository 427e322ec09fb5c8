extension TextCommand {
  /// The command as a screen on a stack offers it: each argument that names a screen to go
  /// back to (``ArgumentChoices/screens(_:)``) offers only those of its screens that are
  /// below, nearest first, and refuses any other with the list it would accept. A command
  /// left with no screen to name is not listed by `help`.
  ///
  /// ```swift
  /// topView.commands.map { $0.offeringScreens(["hoge", "entry"], below: "Fuga") }
  /// ```
  ///
  /// - Parameters:
  ///   - screensBelow: The names of the screens under this one, nearest first.
  ///   - title: The title of the screen the command is on, for the refusal.
  public func offeringScreens(_ screensBelow: [String], below title: String) -> TextCommand {
    var narrowed = arguments
    var accepted: [(index: Int, screens: [String])] = []
    for (index, argument) in arguments.enumerated() {
      guard case .screens(let named) = argument.choices else { continue }
      var open: [String] = []
      for screen in screensBelow where named.contains(screen) && !open.contains(screen) {
        open.append(screen)
      }
      narrowed[index] = argument.with(choices: .screens(open))
      accepted.append((index, open))
    }
    guard !accepted.isEmpty else { return self }
    let name = self.name
    let original = self
    return TextCommand(
      name, arguments: narrowed, help: help,
      isListed: isListed && accepted.allSatisfy { !$0.screens.isEmpty }
    ) { arguments in
      for (index, open) in accepted {
        guard let word = arguments.optionalString(index), !open.contains(word) else { continue }
        if open.isEmpty {
          throw CommandError(
            "'\(name)' has nowhere to go: no screen below \(title) is one it can go back to")
        }
        throw CommandError(
          "'\(name)' goes back to a screen below \(title): "
            + "\(open.joined(separator: ", ")) (got '\(word)')")
      }
      try original.run(arguments.words)
    }
  }
}

extension CommandArgument {
  fileprivate func with(choices: ArgumentChoices) -> CommandArgument {
    isOptional ? .optional(name, choices: choices) : .required(name, choices: choices)
  }
}
