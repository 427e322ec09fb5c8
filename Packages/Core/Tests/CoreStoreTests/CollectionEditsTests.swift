import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

private struct Todo: Identifiable, Equatable, Codable, Sendable {
  let id: Int
  var title: String
}

/// The edits TCA apps make to lists and stacks: SwiftUI's offsets, the standard collection
/// operations, coding, and TCA's `@Presents`.
@Suite("IdentifiedArray and StackState edits, as TCA's")
struct CollectionEditsTests {
  private let todos: IdentifiedArrayOf<Todo> = [
    Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 3, title: "c"),
    Todo(id: 4, title: "d"),
  ]

  @Test("remove(atOffsets:) and move(fromOffsets:toOffset:) take SwiftUI's IndexSets")
  func offsets() {
    var list = todos
    list.remove(atOffsets: IndexSet([0, 2]))
    #expect(list.ids == [2, 4])
    #expect(list[id: 1] == nil && list[id: 3] == nil)
    var moved = todos
    moved.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
    #expect(moved.ids == [3, 4, 1, 2])
    moved.move(fromOffsets: IndexSet(integer: 3), toOffset: 0)
    #expect(moved.ids == [2, 3, 4, 1])
  }

  @Test("the standard range-replacing operations keep ids unique and lookups right")
  func rangeReplacing() {
    var list = todos
    #expect(list.removeLast() == Todo(id: 4, title: "d"))
    #expect(list.removeFirst() == Todo(id: 1, title: "a"))
    list.insert(contentsOf: [Todo(id: 9, title: "z")], at: 1)
    #expect(list.ids == [2, 9, 3])
    #expect(list[id: 9]?.title == "z")
    list.replaceSubrange(0..<1, with: [Todo(id: 7, title: "y"), Todo(id: 8, title: "x")])
    #expect(list.ids == [7, 8, 9, 3])
    #expect(list[id: 2] == nil)
    list.removeAll(keepingCapacity: true)
    #expect(list.isEmpty && list[id: 7] == nil)
  }

  @Test("an id given twice by a range replacement is left out and reported")
  func repeatedIDReported() {
    var list = todos
    withKnownIssue {
      list.insert(contentsOf: [Todo(id: 1, title: "again")], at: 0)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("the id 1 twice") }
    }
    #expect(list.count == 4)
    #expect(list[id: 1]?.title == "a")
  }

  @Test("an identified array codes as an array; a repeated id is a decoding error, not a loss")
  func coding() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(todos)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"[{"id":1,"title":"a"},{"id":2,"#))
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) == todos)
    let twice = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: twice)
    } throws: { error in
      "\(error)".contains("Duplicate element at offset 1")
    }
  }

  @Test("StackState removes, pops and inserts as a range-replaceable collection, with new ids")
  func stackEdits() {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator(startingAt: 0)
    } operation: {
      var stack = StackState(["a", "b", "c"])
      #expect(stack.ids == [0, 1, 2])
      #expect(stack.removeLast() == "c")
      #expect(stack.popLast() == "b")
      #expect(stack.ids == [0])
      stack.insert("z", at: 0)
      #expect(Array(stack) == ["z", "a"])
      #expect(stack.ids == [3, 0])
      stack.append(contentsOf: ["d", "e"])
      #expect(stack.ids == [3, 0, 4, 5])
      #expect(stack.removeAll() == [5, 4, 0, 3])
      #expect(stack.isEmpty)
    }
  }

  @Test("@Presents is @PresentationState under TCA 1.x's name")
  func presents() {
    struct Parent {
      @Presents var child: Int?
    }
    var parent = Parent()
    #expect(parent.child == nil)
    parent.child = 1
    #expect(parent.$child.wrappedValue == 1)
  }
}
