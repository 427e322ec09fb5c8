import CoreStore
import Foundation
import Testing

private struct Small: Equatable {
  var count = 1
  var name = "a \"quoted\" name"
  var flag: Bool? = nil
}

private struct Large {
  var title = String(repeating: "x", count: 60)
  var items = ["first", "second", "third"]
  var lookup = ["b": 2, "a": 1]
  var mode = EditingMode.editing(id: 3, text: "hi")
}

private enum EditingMode {
  case idle
  case editing(id: Int, text: String)
}

@Suite("Describing and diffing values")
struct DescriptionTests {
  @Test("short values stay on one line, with quotes escaped and nil shown")
  func oneLine() {
    #expect(
      ValueDescription.lines(of: Small())
        == [#"Small(count: 1, name: "a \"quoted\" name", flag: nil)"#])
    #expect(ValueDescription.oneLine(EditingMode.idle) == ".idle")
    #expect(
      ValueDescription.oneLine(EditingMode.editing(id: 1, text: "t"))
        == #".editing(id: 1, text: "t")"#)
    #expect(ValueDescription.oneLine([Int]()) == "[]")
    #expect(ValueDescription.oneLine([String: Int]()) == "[:]")
  }

  @Test("long values break into one line per field; dictionary keys are sorted")
  func multiLine() {
    let lines = ValueDescription.lines(of: Large())
    #expect(lines.first == "Large(")
    #expect(lines.last == ")")
    #expect(lines.contains(#"  items: ["first", "second", "third"],"#))
    #expect(lines.contains(#"  lookup: ["a": 1, "b": 2],"#))
    #expect(lines.contains(#"  mode: .editing(id: 3, text: "hi")"#))
  }

  @Test("UUIDs, stacks and presentations print readably")
  func specialValues() {
    #expect(ValueDescription.oneLine(UUID(counting: 1)) == "00000000-0000-0000-0000-000000000001")
    var stack = StackState<Int>()
    stack.append(7, id: 2)
    #expect(ValueDescription.oneLine(stack) == "[#2: 7]")
  }

  @Test("the diff marks removed and added lines and folds long unchanged runs")
  func diff() {
    #expect(TextDiff.lines(from: ["a", "b"], to: ["a", "c"]) == ["  a", "- b", "+ c"])
    let old = (1...10).map { "line \($0)" }
    var new = old
    new[9] = "changed"
    let diff = TextDiff.lines(from: old, to: new)
    #expect(diff == ["  … (7 unchanged)", "  line 8", "  line 9", "- line 10", "+ changed"])
    #expect(TextDiff.describe(from: Small(), to: Small()) == nil)
    #expect(
      TextDiff.describe(from: Small(), to: Small(count: 2))?.contains { $0.hasPrefix("+") } == true)
  }

  @Test("the debug modifier prints each action and the state diff")
  @MainActor
  func debugModifier() {
    var printed: [String] = []
    let store = Store(initialState: Counter.State()) {
      Counter().debug { printed.append($0) }
    }
    store.send(.increment)
    #expect(printed.count == 1)
    #expect(printed[0].hasPrefix("action: .increment"))
    #expect(printed[0].contains("- Counter.State(count: 0)"))
    #expect(printed[0].contains("+ Counter.State(count: 1)"))
    var enabled = false
    let quiet = Store(initialState: Counter.State()) {
      Counter().debug(isEnabled: { enabled }) { printed.append($0) }
    }
    quiet.send(.increment)
    #expect(printed.count == 1)
    enabled = true
    let unchanged = Store(initialState: Counter.State()) {
      EmptyReducer<Counter.State, Counter.Action>().debug { printed.append($0) }
    }
    unchanged.send(.decrement)
    #expect(printed.last?.contains("(no state change)") == true)
  }
}
