import CoreDependencies
import CoreStore
import Testing

/// `is` and `modify` on a `CasePathable` value, as swift-case-paths spells them for tests.
@Suite("is and modify on an enum value")
struct CaseModifyTests {
  @Test("is names the current case only")
  func isCase() {
    let action = Tally.Action.set(3)
    #expect(action.is(\.set))
    #expect(!action.is(\.increment))
  }

  @Test("modify changes the value of the current case in place")
  func modifyCurrentCase() {
    var action = Tally.Action.set(3)
    action.modify(\.set) { $0 += 1 }
    #expect(action == .set(4))
  }

  @Test("modify of another case leaves the value and is reported")
  func modifyOtherCase() {
    var action = Tally.Action.increment
    withKnownIssue {
      action.modify(\.set) { $0 = 9 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("it is another case") }
    }
    #expect(action == .increment)
  }
}
