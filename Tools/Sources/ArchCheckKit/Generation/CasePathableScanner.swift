/// Finds the enums of a Swift file that conform to `CasePathable` in their declaration, with
/// what the generator needs of each: the nested name, generic parameters, access level and
/// cases. Reads tokens (comments and strings blanked), never a syntax tree; what it cannot
/// read with certainty it refuses, naming the line.
enum CasePathableScanner {
  /// One case of an enum: `case element(id: StackElementID, action: Element.Action)`.
  struct EnumCase: Equatable {
    /// One associated value: its label (nil when unlabeled) and its type as written.
    struct Value: Equatable {
      let label: String?
      let type: String
    }

    let name: String
    let values: [Value]
    let line: Int
  }

  /// An enum that opts in.
  struct Enum: Equatable {
    /// The names from the outermost type down: `["ItemListFeature", "Destination", "State"]`.
    let path: [String]
    /// The enum's own generic parameter names: `["Element"]` for `enum Box<Element>`.
    let genericParameters: [String]
    /// `public`, `package`, or nil for internal.
    let access: String?
    let cases: [EnumCase]
    let line: Int
    /// Which of the generator's protocols it conforms to: `CasePathable`, `ScreenList`,
    /// `NavigationRoute`, `CaseReducer`.
    var protocols: Set<String> = ["CasePathable"]
    /// Whether the enum declares its own `static var body` (a reducer enum that composes its
    /// cases itself, as TCA lets one): the generator then writes none.
    var declaresBody = false
    /// Which of `State` and `Action` the enum declares itself (TCA lets a reducer enum declare
    /// its own `Action`, as SyncUps' destination does): the generator then writes only the rest.
    var declaresOwn: Set<String> = []
  }

  /// What the scan found: the enums, or the first thing it cannot handle.
  struct Failure: Error, Equatable {
    let line: Int
    let message: String
    /// The nested name of the enum the line is in, when it is not in the file being read (a
    /// route a screen list maps).
    var enumPath: [String]? = nil
  }

  /// The enums of `source` that conform to `CasePathable`.
  static func enums(in source: String) throws(Failure) -> [Enum] {
    try scan(source).enums
  }

  /// The enums of `source` that conform to `CasePathable`, and every type and type alias it
  /// declares at type level, by nested name (`["ItemListFeature", "Destination", "Alert"]`):
  /// what the generator needs to spell a type written inside an enum from outside it.
  static func scan(_ source: String) throws(Failure) -> (
    enums: [Enum], types: Set<[String]>, conformances: KnownConformances
  ) {
    let scanned = ScannedSource.of(source)
    var reader = Reader(tokens: scanned.tokens, bytes: Array(scanned.code.utf8))
    let enums = try reader.read()
    return (enums, reader.declaredTypes, reader.conformances)
  }

  /// The scan's state: the tokens, and the types whose bodies enclose the current token.
  private struct Reader {
    /// A `{` the scan is inside: a type's body (with its name) or any other block.
    private enum Scope {
      /// A type's or an extension's body; `privacy` is its `private` or `fileprivate`, if any.
      case type(name: String, privacy: String?)
      case enumBody(index: Int)
      case block
    }

    /// A type declaration whose body starts at a known `{`.
    private struct Header {
      let name: String
      let opted: Enum?
      /// `private` or `fileprivate` when the declaration says so.
      var privacy: String? = nil
    }

    let tokens: [SwiftTokens.Token]
    /// The code's UTF-8 bytes, which the tokens' ranges point into.
    let bytes: [UInt8]
    private var scopes: [Scope] = []
    private var headers: [Int: Header] = [:]
    private var found: [Enum] = []
    private var casesOfFound: [[EnumCase]] = []
    /// The found enums that declare `static var body`, by index.
    private var bodiesOfFound: Set<Int> = []
    /// What each type declaration and extension says the type conforms to.
    private(set) var conformances = KnownConformances()
    /// Every type and type alias declared outside functions, by nested name.
    private(set) var declaredTypes: Set<[String]> = []

    init(tokens: [SwiftTokens.Token], bytes: [UInt8]) {
      self.tokens = tokens
      self.bytes = bytes
    }

    mutating func read() throws(Failure) -> [Enum] {
      var index = 0
      while index < tokens.count {
        let token = tokens[index]
        if token.isBackticked {
          index += 1
          continue
        }
        switch token.text {
        case "{":
          if let header = headers[index] {
            if header.opted != nil {
              scopes.append(.enumBody(index: found.count - 1))
            } else {
              scopes.append(.type(name: header.name, privacy: header.privacy))
            }
          } else {
            scopes.append(.block)
          }
        case "}":
          _ = scopes.popLast()
        case "struct", "class", "actor", "enum", "extension", "protocol":
          if isKeyword(at: index) {
            try readHeader(at: index)
          }
        case "typealias":
          if isKeyword(at: index), index + 1 < tokens.count, tokens[index + 1].isIdentifier,
            let enclosing = enclosingTypes
          {
            declaredTypes.insert(enclosing + [tokens[index + 1].text])
          }
        case "static":
          if case .enumBody(let enumIndex) = scopes.last, index + 2 < tokens.count,
            tokens[index + 1].text == "var", tokens[index + 2].text == "body"
          {
            bodiesOfFound.insert(enumIndex)
          }
        case "case":
          if case .enumBody(let enumIndex) = scopes.last, isKeyword(at: index) {
            let (cases, next) = try readCases(after: index)
            casesOfFound[enumIndex] += cases
            index = next
            continue
          }
        case "#":
          if case .enumBody = scopes.last, index + 1 < tokens.count,
            tokens[index + 1].text == "if"
          {
            throw Failure(
              line: token.line,
              message: "#if inside a CasePathable enum is not supported; move the "
                + "conditional cases out, or write the enum's case paths by hand")
          }
        default:
          break
        }
        index += 1
      }
      return zip(found.indices, zip(found, casesOfFound)).map { index, found in
        let (enumeration, cases) = found
        return Enum(
          path: enumeration.path, genericParameters: enumeration.genericParameters,
          access: enumeration.access, cases: cases, line: enumeration.line,
          protocols: enumeration.protocols, declaresBody: bodiesOfFound.contains(index),
          declaresOwn: Set(
            ["State", "Action"].filter {
              declaredTypes.contains(enumeration.path + [$0])
            }))
      }
    }

    /// A keyword, not a member (`.enum`) or a name in backticks.
    private func isKeyword(at index: Int) -> Bool {
      !tokens[index].isBackticked && (index == 0 || tokens[index - 1].text != ".")
    }

    /// The names of the enclosing types, or nil when a block that is not a type encloses.
    private var enclosingTypes: [String]? {
      var names: [String] = []
      for scope in scopes {
        switch scope {
        case .type(let name, _): names += name.split(separator: ".").map(String.init)
        case .enumBody(let index): names.append(found[index].path.last ?? "")
        case .block: return nil
        }
      }
      return names
    }

    /// Reads `enum Name<T>: A, B {` (or another type's header) and notes where its body
    /// starts.
    private mutating func readHeader(at index: Int) throws(Failure) {
      let keyword = tokens[index].text
      var next = index + 1
      var nameParts: [String] = []
      while next < tokens.count, tokens[next].isIdentifier {
        nameParts.append(tokens[next].text)
        next += 1
        guard keyword == "extension", next + 1 < tokens.count, tokens[next].text == "." else {
          break
        }
        next += 1
      }
      guard !nameParts.isEmpty else { return }
      var genericParameters: [String] = []
      if next < tokens.count, tokens[next].text == "<" {
        let close = matching(from: next, open: "<", close: ">")
        genericParameters = parameterNames(in: (next + 1)..<close)
        next = close + 1
      }
      var inherits: [String] = []
      while next < tokens.count, tokens[next].text != "{" {
        if tokens[next].text == ";" || tokens[next].text == "}" { return }
        if tokens[next].isIdentifier { inherits.append(tokens[next].text) }
        next += 1
      }
      guard next < tokens.count else { return }
      let name = nameParts.joined(separator: ".")
      if keyword == "extension" {
        conformances.addExtension(of: nameParts, conformingTo: inherits)
      } else if let enclosing = enclosingTypes {
        // An actor is `Sendable` without saying so.
        let implied = keyword == "actor" ? ["actor"] : []
        conformances.addDeclaration(of: enclosing + nameParts, conformingTo: inherits + implied)
      }
      if keyword != "extension", let enclosing = enclosingTypes {
        declaredTypes.insert(enclosing + nameParts)
      }
      let protocols = Set(inherits).intersection([
        "CasePathable", "ScreenList", "NavigationRoute", "CaseReducer", "TabList",
      ])
      guard keyword == "enum", !protocols.isEmpty else {
        headers[next] = Header(name: name, opted: nil, privacy: privacy(before: index))
        return
      }
      let line = tokens[index].line
      guard let enclosing = enclosingTypes else {
        throw Failure(
          line: line,
          message:
            "the \(protocols.sorted()[0]) enum \(name) is declared inside a function or a closure; "
            + "declare it at file or type level so its generated accessors can extend it")
      }
      let access = try accessLevel(before: index, of: "\(protocols.sorted()[0]) enum \(name)")
      if let (outer, privacy) = privateEnclosingType {
        throw Failure(
          line: line,
          message: "the \(protocols.sorted()[0]) enum \(name) is inside \(privacy) \(outer), so "
            + "its generated code in another file cannot see it; make \(outer) internal "
            + "(drop `\(privacy)`)")
      }
      let enumeration = Enum(
        path: enclosing + [name], genericParameters: genericParameters, access: access,
        cases: [], line: line, protocols: protocols)
      found.append(enumeration)
      casesOfFound.append([])
      headers[next] = Header(name: name, opted: enumeration)
    }

    /// The innermost enclosing type or extension declared `private` or `fileprivate`, with
    /// the modifier; nil when none is.
    private var privateEnclosingType: (name: String, privacy: String)? {
      for scope in scopes.reversed() {
        if case .type(let name, let privacy?) = scope { return (name, privacy) }
      }
      return nil
    }

    /// `private` or `fileprivate` from the modifiers before a declaration's keyword.
    private func privacy(before index: Int) -> String? {
      var previous = index - 1
      while previous >= 0, tokens[previous].isIdentifier {
        if ["private", "fileprivate"].contains(tokens[previous].text) {
          return tokens[previous].text
        }
        previous -= 1
      }
      return nil
    }

    /// `public`, `package` or nil (internal) from the modifiers before `enum`; `what` names the
    /// enum in the refusal of a private one.
    private func accessLevel(before index: Int, of what: String) throws(Failure) -> String? {
      var previous = index - 1
      while previous >= 0, tokens[previous].isIdentifier {
        switch tokens[previous].text {
        case "public", "open": return "public"
        case "package": return "package"
        case "internal": return nil
        case "private", "fileprivate":
          throw Failure(
            line: tokens[index].line,
            message: "the \(what) is \(tokens[previous].text), so its generated code in another "
              + "file cannot see it; make it internal (drop `\(tokens[previous].text)`)")
        default: previous -= 1
        }
      }
      return nil
    }

    /// The identifiers that name parameters in `<A: P, B>`: the first of each element.
    private func parameterNames(in range: Range<Int>) -> [String] {
      split(range).compactMap { element in
        element.first.map { tokens[$0].text }
      }
    }

    /// Reads `case a, b(Int), c(x: Int)` after the `case` keyword; returns the cases and the
    /// index of the first token after them.
    private func readCases(after index: Int) throws(Failure) -> ([EnumCase], Int) {
      var cases: [EnumCase] = []
      var next = index + 1
      while next < tokens.count, tokens[next].isIdentifier {
        let nameToken = tokens[next]
        next += 1
        var values: [EnumCase.Value] = []
        if next < tokens.count, tokens[next].text == "(" {
          let close = matching(from: next, open: "(", close: ")")
          values = try readValues(in: (next + 1)..<close, of: nameToken)
          next = close + 1
        }
        if next < tokens.count, tokens[next].text == "=" {
          // A raw value: strings are blanked, numbers are one token.
          next += 1
          if next < tokens.count, tokens[next].line == tokens[next - 1].line,
            tokens[next].text != ","
          {
            next += 1
          }
        }
        cases.append(EnumCase(name: nameToken.text, values: values, line: nameToken.line))
        guard next < tokens.count, tokens[next].text == "," else { break }
        next += 1
      }
      return (cases, next)
    }

    /// The associated values between a case's parentheses.
    private func readValues(in range: Range<Int>, of name: SwiftTokens.Token) throws(Failure)
      -> [EnumCase.Value]
    {
      try split(range).map { (element: Range<Int>) throws(Failure) -> EnumCase.Value in
        if element.contains(where: { tokens[$0].text == "=" }) {
          throw Failure(
            line: name.line,
            message: "the case \(name.text) gives an associated value a default; the "
              + "generator does not support defaults, write the value at each use")
        }
        var typeStart = element.lowerBound
        var label: String?
        if element.count >= 3, tokens[element.lowerBound].isIdentifier {
          let colon = element.lowerBound + 1
          if tokens[colon].text == ":" {
            label = tokens[element.lowerBound].text == "_" ? nil : tokens[element.lowerBound].text
            typeStart = colon + 1
          } else if tokens[colon].isIdentifier, colon + 1 < element.upperBound,
            tokens[colon + 1].text == ":"
          {
            // `_ name: Type`
            label = nil
            typeStart = colon + 2
          }
        }
        guard typeStart < element.upperBound else {
          throw Failure(line: name.line, message: "the case \(name.text) has an empty value")
        }
        return EnumCase.Value(label: label, type: text(of: typeStart..<element.upperBound))
      }
    }

    /// The comma-separated elements of a token range, commas inside (), [] and <> kept.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
      var elements: [Range<Int>] = []
      var depth = 0
      var start = range.lowerBound
      for index in range {
        switch tokens[index].text {
        case "(", "[", "<": depth += 1
        case ")", "]": depth -= 1
        case ">" where !isArrowHead(at: index): depth -= 1
        case "," where depth == 0:
          elements.append(start..<index)
          start = index + 1
        default: break
        }
      }
      if start < range.upperBound { elements.append(start..<range.upperBound) }
      return elements.filter { !$0.isEmpty }
    }

    /// The index of the token that closes the bracket opened at `index`.
    private func matching(from index: Int, open: String, close: String) -> Int {
      var depth = 0
      var next = index
      while next < tokens.count {
        let text = tokens[next].text
        if text == open {
          depth += 1
        } else if text == close, !(close == ">" && isArrowHead(at: next)) {
          depth -= 1
          if depth == 0 { return next }
        }
        next += 1
      }
      return tokens.count - 1
    }

    /// `>` right after `-`: the head of `->`, not a closing angle bracket.
    private func isArrowHead(at index: Int) -> Bool {
      index > 0 && tokens[index - 1].text == "-"
        && tokens[index - 1].range.upperBound == tokens[index].range.lowerBound
    }

    /// The code of a token range as written, with runs of whitespace made one space.
    private func text(of range: Range<Int>) -> String {
      let start = tokens[range.lowerBound].range.lowerBound
      let end = tokens[range.upperBound - 1].range.upperBound
      return SwiftTokens.text(of: start..<end, in: bytes)
        .split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
    }
  }
}
