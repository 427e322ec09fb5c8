import ArchCheckKit
import Testing

/// The layout signature changes with every edit that changes how a type is laid out (what a
/// file that only holds the type bakes into its object), and stays the same for edits that do
/// not, so a body edit keeps its fast incremental build.
@Suite("the layout signature of a Swift file")
struct LayoutSignatureTests {
  /// A file the edits below start from: a struct, an enum, a class, a protocol, an alias, an
  /// extension with a nested type, and a function with a local type.
  static let original = """
    import Foundation

    typealias Count = Int

    /// A screen's state.
    public struct Screen: Equatable {
      public var name: String
      public var count: Count = 0
      public var title: String { "Screen " + name }
      public var observed: Int = 0 { didSet { print("changed") } }

      public init(name: String) {
        self.name = name
      }

      public func render() -> String {
        "\\(name): \\(count)"
      }
    }

    public indirect enum Event: Equatable {
      case tapped
      case typed(String)
    }

    open class Model {
      var value = 1
      public init() {}
      open func refresh() { value += 1 }
      class func make() -> Model { Model() }
    }

    public protocol Loader {
      func load() -> Int
    }

    extension Screen {
      public struct Badge { var text: String }
      public func badge() -> Badge { Badge(text: name) }
    }

    func helper() -> Int {
      struct Local { var a: Int }
      return Local(a: 1).a
    }

    """

  /// An edit: a text replaced once in ``original``.
  struct Edit: CustomTestStringConvertible, Sendable {
    let name: String
    let old: String
    let new: String
    var testDescription: String { name }

    func apply() -> String {
      guard let range = LayoutSignatureTests.original.range(of: old) else {
        Issue.record("\(name): \(old) is not in the original")
        return LayoutSignatureTests.original
      }
      return LayoutSignatureTests.original.replacingCharacters(in: range, with: new)
    }
  }

  static let layoutEdits: [Edit] = [
    Edit(
      name: "a stored property added", old: "  public var name: String\n",
      new: "  public var padA: String = \"…\"\n  public var name: String\n"),
    Edit(name: "a stored property removed", old: "  public var count: Count = 0\n", new: ""),
    Edit(
      name: "stored properties reordered",
      old: "  public var name: String\n  public var count: Count = 0\n",
      new: "  public var count: Count = 0\n  public var name: String\n"),
    Edit(name: "a stored property retyped", old: "var name: String", new: "var name: Substring"),
    Edit(
      name: "a property wrapper added", old: "  public var name: String\n",
      new: "  @Wrapped public var name: String\n"),
    Edit(
      name: "an observed property made computed",
      old: "public var observed: Int = 0 { didSet { print(\"changed\") } }",
      new: "public var observed: Int { get { 0 } set { print(newValue) } }"),
    Edit(
      name: "a computed property made stored", old: "String { \"Screen \" + name }", new: "String"),
    Edit(name: "an enum case added", old: "  case tapped\n", new: "  case tapped\n  case held\n"),
    Edit(name: "an enum payload retyped", old: "case typed(String)", new: "case typed(Substring)"),
    Edit(name: "indirect dropped", old: "public indirect enum", new: "public enum"),
    Edit(
      name: "a class method added", old: "  public init() {}\n",
      new: "  public init() {}\n  func reset() {}\n"),
    Edit(
      name: "a class field added", old: "  var value = 1\n",
      new: "  var value = 1\n  var other = 2\n"),
    Edit(
      name: "a protocol requirement added", old: "  func load() -> Int\n",
      new: "  func reset()\n  func load() -> Int\n"),
    Edit(name: "an alias retargeted", old: "typealias Count = Int", new: "typealias Count = Int8"),
    Edit(
      name: "a nested type in an extension grew", old: "struct Badge { var text: String }",
      new: "struct Badge { var text: String; var size = 1 }"),
    Edit(
      name: "a struct made a class", old: "public struct Screen", new: "public final class Screen"),
    Edit(
      name: "a generic parameter added", old: "public struct Screen:",
      new: "public struct Screen<Tag>:"),
    Edit(name: "an inferred property's type changed", old: "var value = 1", new: "var value = 1.5"),
  ]

  static let bodyEdits: [Edit] = [
    Edit(name: "a method's body", old: "\"\\(name): \\(count)\"", new: "\"\\(name) = \\(count)\""),
    Edit(name: "a computed property's body", old: "\"Screen \" + name", new: "name + \" screen\""),
    Edit(
      name: "an observer's body", old: "print(\"changed\")", new: "print(\"changed\", observed)"),
    Edit(
      name: "an initializer's body", old: "self.name = name", new: "self.name = name.uppercased()"),
    Edit(name: "a class method's body", old: "{ value += 1 }", new: "{ value += 2 }"),
    Edit(name: "a string's contents", old: "print(\"changed\")", new: "print(\"did change\")"),
    Edit(
      name: "a comment", old: "/// A screen's state.", new: "/// What a screen shows.\n// More."),
    Edit(
      name: "blank lines and spaces", old: "  public var name: String\n",
      new: "\n  public  var   name :String\n\n"),

    Edit(
      name: "a local type inside a function", old: "struct Local { var a: Int }",
      new: "struct Local { var a: Int; var b = 2 }"),

    Edit(
      name: "a method's body that uses accessor words", old: "\"\\(name): \\(count)\"",
      new: "let get = name\n    let set = Set([count])\n    return get + \"\\(set)\""),
  ]

  /// Edits outside a type's body that a stored property's type may be inferred from, and the
  /// ways of writing a type the reader must follow.
  static let inferredEdits: [(before: String, after: String, name: String)] = [
    (
      "struct S { var cache = { 0 }() }\n", "struct S { var cache = { \"\" }() }\n",
      "a closure that initialises a property"
    ),
    (
      "let limit = 10\nstruct S { var value = limit }\n",
      "let limit = \"ten\"\nstruct S { var value = limit }\n",
      "a global a property's type comes from"
    ),
    (
      "func make() -> Int { 1 }\nstruct S { var value = make() }\n",
      "func make() -> Int8 { 1 }\nstruct S { var value = make() }\n",
      "a function's result a property's type comes from"
    ),
    (
      "extension S { static let start = 1 }\nstruct S { var value = S.start }\n",
      "extension S { static let start = 1.5 }\nstruct S { var value = S.start }\n",
      "a static member in an extension"
    ),
    ("typealias ID =\n  Int\n", "typealias ID =\n  Int8\n", "an alias written over two lines"),
    (
      "struct Ring<let N: Int> {\n  var first: Int\n}\n",
      "struct Ring<let N: Int> {\n  var first: Int8\n}\n", "a type with a value generic parameter"
    ),
    (
      "@Observable\nfinal class Model {\n  var count = 0\n}\n",
      "final class Model {\n  var count = 0\n}\n", "an attribute on the line above a type"
    ),
    (
      "struct S { var a = 1 }\nfunc helper() {}\n",
      "struct S { var a = 1 }\nfunc helper() {}\nfunc added() -> Int { 2 }\n", "a function added"
    ),
  ]

  @Test(
    "a declaration a layout may be inferred from, written any way, changes the signature",
    arguments: inferredEdits.indices)
  func inferredChanges(index: Int) {
    let edit = Self.inferredEdits[index]
    #expect(LayoutSignature.of(edit.before) != LayoutSignature.of(edit.after), "\(edit.name)")
  }

  @Test("bodies beside assignments, operators and default values stay bodies")
  func bodiesStayBodies() {
    let pairs: [(String, String)] = [
      (
        "struct S { var x: Int = 0 { didSet { print(1) } } }\n",
        "struct S { var x: Int = 0 { didSet { print(2) } } }\n"
      ),
      (
        "func f<T, U>(_ t: T, _ u: U) where T == U { print(1) }\n",
        "func f<T, U>(_ t: T, _ u: U) where T == U { print(2) }\n"
      ),
      ("func f(x: Int = 1) -> Int { x }\n", "func f(x: Int = 1) -> Int { x + 1 }\n"),
      ("struct S { func f() -> Bool { 1 <= 2 } }\n", "struct S { func f() -> Bool { 1 >= 2 } }\n"),
      (
        "struct Ring<let N: Int> {\n  func f() -> Int { N }\n}\n",
        "struct Ring<let N: Int> {\n  func f() -> Int { N + 1 }\n}\n"
      ),
    ]
    for (before, after) in pairs {
      #expect(LayoutSignature.of(before) == LayoutSignature.of(after), "\(before)")
    }
  }

  @Test("an edit that changes a layout changes the signature", arguments: layoutEdits)
  func layoutEditChanges(edit: Edit) {
    #expect(LayoutSignature.of(edit.apply()) != LayoutSignature.of(Self.original))
  }

  @Test("an edit that changes no layout keeps the signature", arguments: bodyEdits)
  func bodyEditKeeps(edit: Edit) {
    #expect(LayoutSignature.of(edit.apply()) == LayoutSignature.of(Self.original))
  }

  @Test("only comments have no signature; a declaration has one")
  func emptyForNoDeclarations() {
    #expect(LayoutSignature.of("// A comment.\n/* Another. */\n").isEmpty)
    #expect(!LayoutSignature.of("struct A { var b: Int }\n").isEmpty)
  }

  @Test("the bodies of `class func` and `class var` in a class are bodies, not classes")
  func classMembers() {
    let before =
      "final class A {\n  class func make() -> A { A() }\n  class var shared: A { A() }\n}\n"
    let after =
      "final class A {\n  class func make() -> A { let a = A(); return a }\n  class var shared: A { .make() }\n}\n"
    #expect(LayoutSignature.of(before) == LayoutSignature.of(after))
  }
}
