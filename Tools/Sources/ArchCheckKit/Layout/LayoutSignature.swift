/// The part of a Swift file that decides how its types are laid out in memory: what another
/// file's compiled code bakes in when it holds, copies or calls into one of them.
///
/// Within a module, and across modules built without library evolution, the compiler lays out
/// a struct's or an enum's value, a class's fields and vtable, and a protocol's witness table
/// at compile time, in every file that uses them. The driver's incremental build does not
/// recompile a file that only holds such a value when the type gains a stored property
/// (swiftlang/swift#60706, and across modules #89636), so that file's object keeps the old
/// layout: the demo crashed opening a link after `Hoge.State` gained a property. The layout
/// guard (``LayoutGuard``) compares this signature before each build and recompiles every file
/// that could hold the old layout.
///
/// The signature is conservative: it may change when no layout did (a function added, a
/// stored property's default value changed), never the other way round. It is every token of
/// the file's declarations, wherever they are (the file's level, a type's body, an
/// extension's), with their attributes, types and initial values (a stored property's type
/// may be inferred from a global, a function's result or a static member elsewhere); a
/// closure that initialises a property counts whole. Left out: the bodies of functions,
/// initializers, subscripts and accessors, of which only the accessor words (`get`, `didSet`,
/// …) count, telling a stored property with observers from a computed one; comments, string
/// contents and whitespace. A body edit, the everyday edit, keeps the signature.
public enum LayoutSignature {
  /// The signature of `source`, one token a line; empty when it declares nothing.
  public static func of(_ source: String) -> String {
    var reader = Reader(tokens: ScannedSource.of(source).tokens)
    reader.read()
    return reader.output.joined(separator: "\n")
  }

  /// Words that begin a type's header; `class` also begins `class func` and `class var`.
  static let typeKeywords: Set<String> = [
    "struct", "class", "enum", "actor", "protocol", "extension",
  ]
  /// Words that begin some other declaration: after one, a pending header is over.
  static let otherDeclarationKeywords: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
    "import", "macro", "operator", "precedencegroup",
  ]
  /// The words that may open an accessor inside a property's braces.
  static let accessorKeywords: Set<String> = [
    "get", "set", "willSet", "didSet", "_read", "_modify", "read", "modify", "init",
    "unsafeAddress", "unsafeMutableAddress",
  ]
  /// What may stand before an accessor's word: `mutating get`, `@inlinable set`.
  static let accessorModifiers: Set<String> = [
    "mutating", "nonmutating", "borrowing", "consuming", "@", "inlinable", "inline", "__consuming",
    "(", ")", "never", "always", "usableFromInline", "_transparent",
  ]
  /// Words that may follow `class` in a member's declaration (`class func`, `class var`).
  static let classMemberWords: Set<String> = [
    "static", "override", "mutating", "convenience", "required", "final", "public", "package",
    "internal", "fileprivate", "private", "open", "nonisolated",
  ]

  /// The walk over a file's tokens.
  private struct Reader {
    /// What a `{` the walk is inside opened.
    enum Block: Equatable {
      /// A type's body: a declaration context.
      case type
      /// An extension's body: a declaration context.
      case `extension`
      /// A closure that initialises a property (`= { … }()`), and every block inside it: all
      /// counts, since the property's type may come from it.
      case initializer
      /// A body opened in a declaration context (a function's, an accessor block, a computed
      /// property's): only accessor words at its own level count.
      case member
      /// Any block inside a member.
      case other
    }

    let tokens: [SwiftTokens.Token]
    var output: [String] = []
    var blocks: [Block] = []
    /// The block a header seen in a declaration context opens at its `{`.
    var pending: Block?
    /// The `<` open in the pending header (`struct Ring<let N: Int>`).
    var headerAngles = 0
    /// The brackets open in the declaration being read (a default argument's `=` is not one
    /// that gives a property its value).
    var brackets = 0
    /// Whether the declaration being read has given a value (`var x = …`) at its own level.
    var assigned = false
    /// An initializer block just opened whose first token says what it is: an observer
    /// (`= 0 { didSet … }`) makes it a member's body.
    var undecided = false
    /// Inside a member's braces, whether an accessor may begin at the next token.
    var atAccessorStart = false

    init(tokens: [SwiftTokens.Token]) {
      self.tokens = tokens
    }

    /// Whether declarations live here: the file's level, a type's or an extension's body.
    var inDeclarationContext: Bool {
      guard let last = blocks.last else { return true }
      return last == .type || last == .extension
    }

    mutating func read() {
      for index in tokens.indices {
        step(index)
      }
    }

    /// Whether the token at `index` is a keyword here: unquoted, and not a member after `.`.
    func isKeyword(_ index: Int) -> Bool {
      !tokens[index].isBackticked && (index == 0 || tokens[index - 1].text != ".")
    }

    /// Whether the token at `index` begins a type's or an extension's header.
    func beginsHeader(_ index: Int) -> Bool {
      let token = tokens[index]
      guard LayoutSignature.typeKeywords.contains(token.text), isKeyword(index) else {
        return false
      }
      guard index + 1 < tokens.count, tokens[index + 1].isIdentifier else { return false }
      // `class func`, `class var`: a member, not a class.
      return token.text != "class"
        || !(LayoutSignature.otherDeclarationKeywords.contains(tokens[index + 1].text)
          || LayoutSignature.classMemberWords.contains(tokens[index + 1].text))
    }

    /// Whether the `=` at `index` gives a value, rather than being part of an operator.
    func isAssignment(_ index: Int) -> Bool {
      let operators: Set<String> = [
        "=", "!", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~",
      ]
      let before = index > 0 ? tokens[index - 1].text : ""
      let after = index + 1 < tokens.count ? tokens[index + 1].text : ""
      return !operators.contains(before) && after != "="
    }

    mutating func step(_ index: Int) {
      let token = tokens[index]
      if undecided {
        undecided = false
        if LayoutSignature.accessorKeywords.contains(token.text) {
          blocks[blocks.count - 1] = .member
          atAccessorStart = true
        }
      }
      let top = blocks.last
      if inDeclarationContext {
        readDeclaration(index)
      }
      switch token.text {
      case "{":
        open(top: top)
      case "}":
        close()
      default:
        if inDeclarationContext || top == .initializer {
          output.append(token.text)
        } else if top == .member, blocks.count == 1 || blocks[blocks.count - 2] != .member {
          readAccessorWord(token)
        }
      }
    }

    /// Keeps track, in a declaration context, of the header being read and of a value given.
    mutating func readDeclaration(_ index: Int) {
      let token = tokens[index]
      if beginsHeader(index) {
        pending = token.text == "extension" ? .extension : .type
        headerAngles = 0
        assigned = false
        return
      }
      switch token.text {
      case "<" where pending != nil: headerAngles += 1
      case ">" where pending != nil: headerAngles = max(0, headerAngles - 1)
      case "(", "[": brackets += 1
      case ")", "]": brackets = max(0, brackets - 1)
      case "=" where brackets == 0 && isAssignment(index): assigned = true
      default:
        if isKeyword(index) && LayoutSignature.otherDeclarationKeywords.contains(token.text)
          && headerAngles == 0
        {
          pending = nil
          assigned = false
          brackets = 0
        }
      }
    }

    /// Inside a member's braces: an accessor word where an accessor may begin (first, or after
    /// another accessor's body, past its modifiers) is written out; a statement ends the chance.
    mutating func readAccessorWord(_ token: SwiftTokens.Token) {
      guard atAccessorStart else { return }
      if LayoutSignature.accessorKeywords.contains(token.text) {
        output.append(token.text)
        atAccessorStart = false
      } else if !LayoutSignature.accessorModifiers.contains(token.text) {
        atAccessorStart = false
      }
    }

    mutating func open(top: Block?) {
      let block: Block
      if inDeclarationContext, let opened = pending {
        block = opened
      } else if inDeclarationContext && assigned {
        block = .initializer
        undecided = true
      } else if inDeclarationContext {
        block = .member
      } else if top == .initializer {
        block = .initializer
      } else {
        block = .other
      }
      if inDeclarationContext || top == .initializer {
        output.append("{")
      }
      blocks.append(block)
      atAccessorStart = block == .member
      pending = nil
      headerAngles = 0
      assigned = false
      brackets = 0
    }

    mutating func close() {
      guard let closed = blocks.popLast() else { return }
      undecided = false
      if inDeclarationContext || blocks.last == .initializer || closed == .initializer {
        output.append("}")
      }
      // After one accessor's body, the next may begin.
      atAccessorStart = blocks.last == .member
    }
  }
}
