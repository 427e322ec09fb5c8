import Foundation

/// Describes any value as readable, indented lines; the text of state dumps, traces and test
/// failures.
///
/// Short values stay on one line; longer ones break into one line per field. Field order is
/// declaration order and dictionary keys are sorted, so the output is deterministic.
///
/// ```swift
/// ValueDescription.lines(of: CounterFeature.State(count: 2))
/// // ["CounterFeature.State(count: 2)"]
/// ```
public enum ValueDescription {
  /// The widest line that a value is kept on before it breaks into several.
  public static let lineWidth = 80

  /// The value as lines.
  public static func lines(of value: Any) -> [String] {
    render(node(for: value, depth: 0), indent: 0)
  }

  /// The value on one line, however long.
  public static func oneLine(_ value: Any) -> String {
    flat(node(for: value, depth: 0))
  }

  private indirect enum Node {
    case leaf(String)
    case group(open: String, children: [(label: String?, node: Node)], close: String)
  }

  private static let maximumDepth = 64

  private static func node(for value: Any, depth: Int) -> Node {
    if depth > maximumDepth { return .leaf("…") }
    switch value {
    case let string as String: return .leaf(quoted(string))
    case let character as Character: return .leaf(quoted(String(character)))
    case let uuid as UUID: return .leaf(uuid.uuidString)
    case let date as Date: return .leaf(date.formatted(.iso8601))
    case let url as URL: return .leaf(url.absoluteString)
    case let keyPath as AnyKeyPath: return .leaf("\(keyPath)")
    default: break
    }
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = children.first else { return .leaf("nil") }
      return node(for: wrapped.value, depth: depth)
    case .enum:
      guard let payload = children.first else { return .leaf(".\(value)") }
      let caseName = payload.label ?? "\(value)"
      let payloadMirror = Mirror(reflecting: payload.value)
      if payloadMirror.displayStyle == .tuple {
        return group(
          open: ".\(caseName)(", children: Array(payloadMirror.children), close: ")", depth: depth)
      }
      return .group(
        open: ".\(caseName)(", children: [(nil, node(for: payload.value, depth: depth + 1))],
        close: ")")
    case .struct, .class:
      let name = typeName(of: value)
      if children.isEmpty { return .leaf("\(name)()") }
      return group(open: "\(name)(", children: children, close: ")", depth: depth)
    case .collection, .set:
      if children.isEmpty { return .leaf("[]") }
      let unlabeled = children.map { Mirror.Child(label: nil, value: $0.value) }
      return group(open: "[", children: unlabeled, close: "]", depth: depth)
    case .dictionary:
      if children.isEmpty { return .leaf("[:]") }
      let entries: [(label: String?, node: Node)] = children.map { child in
        if let label = child.label {
          return (label, node(for: child.value, depth: depth + 1))
        }
        let pair = Array(Mirror(reflecting: child.value).children)
        let key = pair.first.map { oneLine($0.value) } ?? "?"
        let entryValue: Any = pair.count > 1 ? pair[1].value : ()
        return (key, node(for: entryValue, depth: depth + 1))
      }
      let sorted = children.first?.label == nil ? entries.sorted { $0.label! < $1.label! } : entries
      return .group(open: "[", children: sorted, close: "]")
    case .tuple:
      return group(open: "(", children: children, close: ")", depth: depth)
    default:
      return .leaf("\(value)")
    }
  }

  private static func group(
    open: String, children: [Mirror.Child], close: String, depth: Int
  ) -> Node {
    let nodes = children.map { child -> (label: String?, node: Node) in
      // A property wrapper's storage (`_items` of `@Shared var items`) reads as the test
      // spells it: `$items`.
      let label = child.label.flatMap { label -> String? in
        if label.hasPrefix(".") { return nil }
        if label.hasPrefix("_"), label.count > 1 { return "$" + label.dropFirst() }
        return label
      }
      return (label, node(for: child.value, depth: depth + 1))
    }
    return .group(open: open, children: nodes, close: close)
  }

  /// The type's name without its module: `Counter.State`, not `App.Counter.State`.
  private static func typeName(of value: Any) -> String {
    var name = String(reflecting: type(of: value))
    // Types declared private or inside functions carry an "(unknown context at $…)." part.
    while let start = name.range(of: "(unknown context at "),
      let end = name[start.upperBound...].range(of: ").")
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    guard let dot = name.firstIndex(of: "."), !name.hasPrefix("(") else { return name }
    return String(name[name.index(after: dot)...])
  }

  private static func quoted(_ string: String) -> String {
    var escaped = "\""
    for character in string {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default: escaped.append(character)
      }
    }
    return escaped + "\""
  }

  private static func flat(_ node: Node) -> String {
    switch node {
    case .leaf(let text):
      return text
    case .group(let open, let children, let close):
      let inner = children.map { child in
        child.label.map { "\($0): \(flat(child.node))" } ?? flat(child.node)
      }
      return open + inner.joined(separator: ", ") + close
    }
  }

  private static func render(_ node: Node, indent: Int) -> [String] {
    let flatText = flat(node)
    guard case .group(let open, let children, let close) = node,
      indent + flatText.count > lineWidth
    else {
      return [flatText]
    }
    var lines = [open]
    for (index, child) in children.enumerated() {
      let prefix = child.label.map { "\($0): " } ?? ""
      var childLines = render(child.node, indent: indent + 2 + prefix.count)
      childLines[0] = prefix + childLines[0]
      if index < children.count - 1 {
        childLines[childLines.count - 1] += ","
      }
      lines += childLines.map { "  " + $0 }
    }
    lines.append(close)
    return lines
  }
}
