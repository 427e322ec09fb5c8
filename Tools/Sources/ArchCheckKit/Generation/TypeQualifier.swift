/// Spells a type written inside a declaration so that it means the same from a file-level
/// extension: `Alert`, written in `ItemListFeature.Destination.State` and declared in
/// `ItemListFeature.Destination`, becomes `ItemListFeature.Destination.Alert`.
struct TypeQualifier {
  /// Every type declared at type level in the module, by nested name.
  let declared: Set<[String]>

  /// `type` with each name that starts a type reference qualified by the innermost of the
  /// enclosing types (`scope`, outermost first, the enum included) that declares it. Names
  /// declared nowhere in the module (generic parameters, imported or top-level types) stay.
  func qualify(_ type: String, in scope: [String]) -> String {
    let bytes = Array(type.utf8)
    let tokens = SwiftTokens.tokens(in: type)
    var output = ""
    var copied = 0
    for (index, token) in tokens.enumerated() where token.isIdentifier {
      let afterDot = index > 0 && tokens[index - 1].text == "."
      let isLabel = index + 1 < tokens.count && tokens[index + 1].text == ":"
      guard !afterDot, !isLabel, let prefix = enclosingPrefix(of: token.text, in: scope) else {
        continue
      }
      output += SwiftTokens.text(of: copied..<token.range.lowerBound, in: bytes)
      output += (prefix + [token.text]).joined(separator: ".")
      copied = token.range.upperBound
    }
    output += SwiftTokens.text(of: copied..<bytes.count, in: bytes)
    return output
  }

  /// The enclosing types under which `name` is declared, innermost first; nil when none.
  private func enclosingPrefix(of name: String, in scope: [String]) -> [String]? {
    var depth = scope.count
    while depth > 0 {
      let prefix = Array(scope[0..<depth])
      if declared.contains(prefix + [name]) { return prefix }
      depth -= 1
    }
    return nil
  }
}
