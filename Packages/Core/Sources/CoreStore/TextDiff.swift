/// A line diff of two texts: what a trace prints after each action and what a failing test
/// shows between the expected and the actual state.
///
/// Removed lines start with `-`, added lines with `+`, kept lines with a space; long runs of
/// kept lines are folded into one `… (N unchanged)` line.
///
/// ```swift
/// TextDiff.lines(from: ["a", "b"], to: ["a", "c"])
/// // ["  a", "- b", "+ c"]
/// ```
public enum TextDiff {
  /// The diff of two values as described by ``ValueDescription``; nil when they read the same.
  public static func describe(from old: Any, to new: Any) -> [String]? {
    let diff = lines(
      from: ValueDescription.lines(of: old), to: ValueDescription.lines(of: new))
    return diff.contains(where: { $0.hasPrefix("-") || $0.hasPrefix("+") }) ? diff : nil
  }

  /// The diff of two lists of lines, with runs of more than `context * 2` kept lines folded.
  public static func lines(from old: [String], to new: [String], context: Int = 2) -> [String] {
    let marked = align(old, new)
    return fold(marked, context: context)
  }

  private enum Mark {
    case kept(String)
    case removed(String)
    case added(String)
  }

  /// Longest common subsequence, then a walk that emits removals before additions.
  private static func align(_ old: [String], _ new: [String]) -> [Mark] {
    let rows = old.count + 1
    let columns = new.count + 1
    var lengths = [Int](repeating: 0, count: rows * columns)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * columns + j] =
          old[i] == new[j]
          ? lengths[(i + 1) * columns + j + 1] + 1
          : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
      }
    }
    var marks: [Mark] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        marks.append(.kept(old[i]))
        i += 1
        j += 1
      } else if j == new.count
        || (i < old.count && lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1])
      {
        marks.append(.removed(old[i]))
        i += 1
      } else {
        marks.append(.added(new[j]))
        j += 1
      }
    }
    return marks
  }

  private static func fold(_ marks: [Mark], context: Int) -> [String] {
    var output: [String] = []
    var keptRun: [String] = []
    func flushKept(isEnd: Bool) {
      let isStart = output.isEmpty
      let head = isStart ? 0 : context
      let tail = isEnd ? 0 : context
      if keptRun.count > head + tail + 1 {
        output += keptRun.prefix(head).map { "  " + $0 }
        output.append("  … (\(keptRun.count - head - tail) unchanged)")
        output += keptRun.suffix(tail).map { "  " + $0 }
      } else {
        output += keptRun.map { "  " + $0 }
      }
      keptRun = []
    }
    for mark in marks {
      switch mark {
      case .kept(let line):
        keptRun.append(line)
      case .removed(let line):
        flushKept(isEnd: false)
        output.append("- " + line)
      case .added(let line):
        flushKept(isEnd: false)
        output.append("+ " + line)
      }
    }
    if output.isEmpty {
      return keptRun.map { "  " + $0 }
    }
    flushKept(isEnd: true)
    return output
  }
}
