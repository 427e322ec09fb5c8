import Foundation

/// The edits the edit fuzzer makes: realistic changes a person makes to a modular app, each to
/// the text of one or two files (or a file added or deleted), every line it adds marked so later
/// edits find what earlier ones added.
///
/// Stored properties are what changes a layout; they take only types that are `Equatable`,
/// `Hashable`, `Codable` and `Sendable` with a default value, so every conformance a type
/// synthesizes, every memberwise initializer and every `init` still compiles: `var` in a struct,
/// `let` in a class or actor (which a `Sendable` class allows).
public enum FuzzEdit {
  /// What a kind of edit does.
  public enum Kind: String, CaseIterable, Sendable {
    /// A stored property added at the top of a struct, class or actor.
    case addProperty = "add a stored property"
    /// One the fuzzer added, removed.
    case removeProperty = "remove a stored property"
    /// One the fuzzer added, given another type.
    case retypeProperty = "retype a stored property"
    /// Two it added, next to each other, swapped.
    case reorderProperties = "reorder stored properties"
    /// A case added to an enum it added (a property holds one), or a payload retyped.
    case enumCase = "add an enum case or retype a payload"
    /// A string literal inside a function body changed.
    case body = "edit a function body"
    /// A new file with a struct, held by a property of a type of the same module.
    case addFile = "add a file"
    /// A file it added deleted, with the properties that held its type.
    case removeFile = "delete a file"
    /// A route added between two screens (`make route`).
    case addRoute = "add a route"
    /// A route it added taken away again.
    case removeRoute = "remove a route"
  }

  /// The comment that ends every line the fuzzer adds: `// buildtime-fuzz property 7`.
  static let marker = "// buildtime-fuzz"

  /// The types a property may take, each with a value.
  static let valueTypes: [(type: String, value: String)] = [
    ("Int", "7"), ("String", "\"fuzz\""), ("[Int]", "[7, 8, 9]"), ("Double", "1.5"),
    ("Bool", "true"), ("Int8", "3"), ("[String: Int]", "[\"a\": 1]"),
  ]

  /// A type declared on a line of its own: where it is, what kind, its indentation.
  struct Header: Equatable {
    let line: Int
    let kind: String
    let indent: String
  }

  /// The struct, class and actor headers of a file's lines.
  static func headers(in lines: [String]) -> [Header] {
    var found: [Header] = []
    var index = 0
    while index < lines.count {
      let rest = Array(lines[index...])
      if let (offset, kind, indent) = SourceEdit.typeHeader(in: rest) {
        found.append(Header(line: index + offset, kind: kind, indent: indent))
        index += offset + 1
      } else {
        break
      }
    }
    return found
  }

  /// A property line: `  var fuzz7: Int = 7  // buildtime-fuzz property 7`.
  static func propertyLine(
    id: Int, header: Header, type: String, value: String
  ) -> String {
    let binding = header.kind == "struct" ? "var" : "let"
    return "\(header.indent)  \(binding) fuzz\(id): \(type) = \(value)  \(marker) property \(id)"
  }

  /// The lines of the fuzzer's properties: their indices.
  static func propertyLines(in lines: [String]) -> [Int] {
    lines.indices.filter { lines[$0].contains("\(marker) property ") }
  }

  /// An enum of the fuzzer's, appended at the end of a file: `Hashable, Codable, Sendable`.
  static func enumBlock(id: Int) -> [String] {
    [
      "enum FuzzEnum\(id): Hashable, Codable, Sendable {  \(marker) enum \(id)",
      "  case a  \(marker) enum \(id)",
      "  case b(Int)  \(marker) enum \(id)",
      "}  \(marker) enum \(id)",
    ]
  }

  /// The text of a file the fuzzer adds.
  static func fileText(id: Int) -> String {
    """
    /// Added by the lab's edit fuzzer.  \(marker) file \(id)
    struct BuildtimeFuzz\(id): Hashable, Codable, Sendable {
      var value = \(id)
      var name = "fuzz"
    }

    """
  }
}
