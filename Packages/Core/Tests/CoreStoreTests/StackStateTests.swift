import CoreDependencies
import CoreStore
import Testing

@Suite("StackState")
struct StackStateTests {
  @Test("append takes ids from the stackElementID dependency, in order")
  func appendTakesIDs() {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var stack = StackState<String>()
      stack.append("a")
      stack.append("b")
      #expect(stack.ids == [0, 1])
      #expect(Array(stack) == ["a", "b"])
      #expect(stack[id: 1] == "b")
    }
  }

  @Test("pop(from:), pop(to:), popLast and removeAll return what they removed, top first")
  func popping() {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var stack: StackState<String> = ["a", "b", "c", "d"]
      #expect(stack.pop(to: 1) == [3, 2])
      #expect(Array(stack) == ["a", "b"])
      #expect(stack.pop(from: 7) == [])
      #expect(stack.popLast() == "b")
      #expect(stack.removeAll() == [0])
      #expect(stack.isEmpty)
      #expect(stack.popLast() == nil)
    }
  }

  @Test("subscript by id reads, replaces, appends and removes")
  func subscriptByID() {
    var stack = StackState<String>()
    stack[id: 5] = "five"
    stack[id: 5] = "FIVE"
    stack[id: 6] = "six"
    #expect(stack.ids == [5, 6])
    stack[id: 5] = nil
    #expect(stack.ids == [6])
    #expect(stack[id: 5] == nil)
    #expect(
      stack.modify(id: 6) {
        $0 += "!"
        return $0.count
      } == 4)
    #expect(stack[id: 6] == "six!")
    #expect(
      stack.modify(id: 42) {
        $0 += "!"
        return $0.count
      } == nil)
  }

  @Test("equal stacks hold the same elements under the same ids")
  func equality() {
    var first = StackState<String>()
    first.append("a", id: 0)
    var second = StackState<String>()
    second.append("a", id: 1)
    #expect(first != second)
    second = StackState()
    second.append("a", id: 0)
    #expect(first == second)
    #expect(second.append("b", id: 0) == false)
  }

  @Test("ids order by generation and print as #N")
  func idBasics() {
    let id: StackElementID = 3
    #expect(id.description == "#3")
    #expect(StackElementID(generation: 2) < id)
    let generator = StackElementIDGenerator(startingAt: 10)
    #expect(generator.peek() == 10)
    #expect(generator() == 10)
    #expect(generator() == 11)
  }

  @Test("each set of dependency values counts stack ids from zero on its own")
  func freshValuesCountFromZero() {
    let first = DependencyValues(context: .test)
    let second = DependencyValues(context: .test)
    #expect(first.stackElementID() == 0)
    #expect(first.stackElementID() == 1)
    #expect(second.stackElementID() == 0)
  }
}
