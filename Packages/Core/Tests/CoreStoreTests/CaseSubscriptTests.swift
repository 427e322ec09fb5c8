import CoreDependencies
import Testing

@testable import CoreStore

@Suite("Case subscripts")
struct CaseSubscriptTests {
  @Test("StackState[id:case:] reads and changes one case of an element in place")
  func stackCaseSubscript() {
    var path = StackState<Path.State>()
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      path.append(.counter(Counter.State()))
      path.append(.screen(Screen.State()))
    }
    path[id: 0, case: .counter]?.count = 3
    #expect(path[id: 0] == .counter(Counter.State(count: 3)))
    #expect(path[id: 1, case: .counter] == nil)
    path[id: 1, case: .counter]?.count = 9
    #expect(path[id: 1] == .screen(Screen.State()))
    #expect(path[id: 5, case: .counter] == nil)
    path[id: 0, case: .counter] = nil
    #expect(path.ids == [0, 1])
  }

  @Test("PresentationState[case:] changes in place keeping the presentation, or presents anew")
  func presentationCaseSubscript() {
    var presentation = PresentationState<Path.State>(wrappedValue: .counter(Counter.State()))
    let identity = presentation.identity
    presentation[case: .counter]?.count = 2
    #expect(presentation.wrappedValue == .counter(Counter.State(count: 2)))
    #expect(presentation.identity == identity)
    #expect(presentation[case: .screen] == nil)
    presentation[case: .screen] = nil
    #expect(presentation.wrappedValue != nil)
    presentation[case: .screen] = Screen.State(depth: 4)
    #expect(presentation.wrappedValue == .screen(Screen.State(depth: 4)))
    #expect(presentation.identity != identity)
    presentation[case: .screen] = nil
    #expect(presentation.wrappedValue == nil)
  }
}
