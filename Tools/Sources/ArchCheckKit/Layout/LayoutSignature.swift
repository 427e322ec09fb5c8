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
/// The signature is conservative: it may change when the layout did not (a method's signature
/// inside a struct, a stored property's default value), never the other way round. Kept:
/// - inside a type's body (`struct`, `class`, `enum`, `actor`, `protocol`, nested or not):
///   every token at the body's own level, so stored properties with their types, attributes
///   and order, enum cases with their payloads, `indirect`, class members (the vtable),
///   protocol requirements (the witness table), generic parameters and inheritance; of a
///   member's braces only the accessor words (`get`, `didSet`, …), which tell a stored property
///   with observers from a computed one;
/// - each type's and extension's header, and every `typealias`, wherever declared outside a
///   function body.
/// Left out: function and accessor bodies, comments, string contents, whitespace, and the
/// members of extensions (which cannot add stored properties). Local types inside a function
/// body are left out too: only that body, in the same file, can hold them.
public enum LayoutSignature {
  /// The signature of `source`, one token a line; empty when it declares no type or alias.
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
  /// Modifiers that may stand before a type's keyword on its line (`public indirect enum`).
  static let headerModifiers: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect",
    "nonisolated", "distributed",
  ]

  /// The walk over a file's tokens.
  private struct Reader {
    /// What a `{` the walk is inside opened.
    enum Block {
      /// A type's body: every token at its level counts.
      case type
      /// An extension's body: only nested types and aliases count.
      case `extension`
      /// A member's braces inside a type's body (a function body, accessors, a closure that
      /// initialises a property): only accessor words at its own level count.
      case member
      /// Anything else (inside a member, or a function's body at file level).
      case other
    }

    let tokens: [SwiftTokens.Token]
    var output: [String] = []
    var blocks: [Block] = []
    /// The block a header seen in a declaration context opens at its `{`.
    var pending: Block?
    /// Whether the header being read, outside a type's body, is written out.
    var emittingHeader = false
    /// The brackets open in the `typealias` being written out, outside a type's body; nil when
    /// none is being read.
    var aliasDepth: Int?
    /// The line of the last token written for that alias.
    var aliasLine = 0
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
      guard Self.isTypeKeyword(token.text), isKeyword(index) else { return false }
      guard index + 1 < tokens.count, tokens[index + 1].isIdentifier else { return false }
      // `class func`, `class var`: a member, not a class.
      return token.text != "class"
        || !(LayoutSignature.otherDeclarationKeywords.contains(tokens[index + 1].text)
          || LayoutSignature.headerModifiers.contains(tokens[index + 1].text)
          || ["static", "override", "mutating", "convenience", "required"].contains(
            tokens[index + 1].text))
    }

    static func isTypeKeyword(_ text: String) -> Bool {
      LayoutSignature.typeKeywords.contains(text)
    }

    mutating func step(_ index: Int) {
      let token = tokens[index]
      let top = blocks.last
      if inDeclarationContext && beginsHeader(index) {
        pending = token.text == "extension" ? .extension : .type
        if top != .type {
          emittingHeader = true
          // The modifiers on the header's line: `indirect` changes the layout.
          var start = index
          while start > 0, tokens[start - 1].line == token.line,
            LayoutSignature.headerModifiers.contains(tokens[start - 1].text)
          {
            start -= 1
          }
          for modifier in tokens[start..<index] { output.append(modifier.text) }
        }
      } else if inDeclarationContext && isKeyword(index)
        && LayoutSignature.otherDeclarationKeywords.contains(token.text)
      {
        pending = nil
        emittingHeader = false
        if top != .type && token.text == "typealias" {
          aliasDepth = 0
          aliasLine = token.line
        }
      }
      readAlias(token)

      switch token.text {
      case "{":
        open(top: top)
      case "}":
        close()
      default:
        if top == .type || emittingHeader {
          output.append(token.text)
        } else if top == .member, blocks.count >= 2, blocks[blocks.count - 2] == .type {
          readAccessorWord(token)
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

    /// Writes out a `typealias` declared outside a type's body, up to its end: the first
    /// token on a later line with no bracket left open.
    mutating func readAlias(_ token: SwiftTokens.Token) {
      guard let depth = aliasDepth else { return }
      if depth == 0 && token.line > aliasLine && token.text != "typealias" {
        aliasDepth = nil
        return
      }
      if token.text == "{" || token.text == "}" || token.text == ";" {
        aliasDepth = nil
        return
      }
      output.append(token.text)
      aliasLine = token.line
      switch token.text {
      case "(", "[", "<": aliasDepth = depth + 1
      case ")", "]", ">": aliasDepth = max(0, depth - 1)
      default: break
      }
    }

    mutating func open(top: Block?) {
      let block: Block
      if inDeclarationContext, let opened = pending {
        block = opened
      } else if top == .type {
        block = .member
      } else {
        block = .other
      }
      if top == .type || emittingHeader || block == .type || block == .extension {
        output.append("{")
      }
      blocks.append(block)
      atAccessorStart = block == .member
      pending = nil
      emittingHeader = false
    }

    mutating func close() {
      guard let closed = blocks.popLast() else { return }
      if closed == .type || closed == .extension || blocks.last == .type {
        output.append("}")
      }
      // After one accessor's body, the next may begin.
      atAccessorStart = blocks.last == .member
    }
  }
}
