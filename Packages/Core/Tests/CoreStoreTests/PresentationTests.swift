import CoreDependencies
import CoreStore
import CoreTesting
import Synchronization
import Testing

@MainActor
@Suite("ifLet and PresentationState")
struct PresentationTests {
  @Test("a presented child runs its actions; dismiss sets the state to nil")
  func presentAndDismiss() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.presentChild))) {
      $0.sheet?.child = Screen.State(depth: 2)
    }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @Test("dismiss from a presented child ends in a real .dismiss action")
  func dismissFromPresentedChild() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.closeTapped)))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
    await store.finish()
  }

  @Test("recursive presentation: each level dismisses only itself")
  func recursivePresentation() async {
    let store = TestStore(initialState: Screen.State()) { Screen() }
    await store.send(.presentChild) { $0.child = Screen.State(depth: 1) }
    await store.send(.child(.presented(.presentChild))) {
      $0.child?.child = Screen.State(depth: 2)
    }
    await store.send(.child(.presented(.child(.presented(.presentChild))))) {
      $0.child?.child?.child = Screen.State(depth: 3)
    }
    await store.send(.child(.presented(.child(.presented(.closeTapped)))))
    await store.receive(.child(.presented(.child(.dismiss)))) {
      $0.child?.child = nil
    }
    #expect(store.state.child?.depth == 1)
    await store.finish()
  }

  @Test("dismissing cancels the presented child's work")
  func dismissCancelsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.load)))
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test(
    "presenting a value with the same navigation id keeps the presentation and its work, as TCA")
  func replacingKeepsSamePresentationIdentity() async {
    let clock = TestClock()
    let store = TestStore(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.load)))
    await store.send(.presentSheet)
    await clock.advance(by: .seconds(2))
    await store.receive(.sheet(.presented(.loaded(1)))) { $0.sheet?.loaded = 1 }
    await store.finish()
  }

  @Test("dismissing and presenting again is a new presentation: the old one's work is cancelled")
  func representingCancels() async {
    let clock = TestClock()
    let store = TestStore(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.load)))
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("a presented child's work finishes normally while it stays presented")
  func presentedWorkFinishes() async {
    let clock = TestClock()
    let store = TestStore(initialState: Router.State()) {
      Router()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentSheet) { $0.sheet = Screen.State(depth: 1) }
    await store.send(.sheet(.presented(.load)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.loaded(1)))) { $0.sheet?.loaded = 1 }
    await store.finish()
  }

  @Test("an action for a child that is not presented is reported")
  func actionWhileNotPresented() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await withKnownIssue {
      await store.send(.sheet(.presented(.presentChild)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("not presented") }
    }
  }

  @Test("an optional child: runs while present, reported while nil, cancelled when removed")
  func optionalChild() async {
    let store = TestStore(initialState: Router.State()) { Router() }
    await withKnownIssue {
      await store.send(.optionalCounter(.increment))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("optional child that is nil") }
    }
    await store.send(.toggleOptionalCounter) { $0.optionalCounter = Counter.State() }
    await store.send(.optionalCounter(.increment)) { $0.optionalCounter?.count = 1 }
    await store.send(.toggleOptionalCounter) { $0.optionalCounter = nil }
  }

  @Test("dismiss at the root of a live Store is reported, saying how to test it")
  func dismissOutsidePresentation() async {
    let store = Store(initialState: Screen.State()) { Screen() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("dismiss() was called outside") && text.contains("isDismissed")
    }
  }

  @Test("dismiss at the root of a TestStore marks it dismissed, as in TCA")
  func dismissAtTestStoreRoot() async {
    let store = TestStore(initialState: Screen.State()) { Screen() }
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test("PresentationState is copy-on-write: mutating a copy leaves the original alone")
  func copyOnWrite() {
    var original = Screen.State()
    original.child = Screen.State(depth: 1)
    var copy = original
    copy.child?.depth = 99
    #expect(original.child?.depth == 1)
    #expect(copy.child?.depth == 99)
    copy.child = nil
    #expect(original.child != nil)
  }

  @Test("a dismiss override replaces the behaviour, for tests that only check it was called")
  func dismissOverride() async {
    let calls = LockedCalls()
    let store = TestStore(initialState: Screen.State()) {
      Screen()
    } withDependencies: {
      $0.dismiss = DismissEffect { calls.record() }
    }
    await store.send(.closeTapped).finish()
    #expect(calls.count == 1)
    await store.finish()
  }
}

/// Counts calls from any thread.
final class LockedCalls: Sendable {
  private let calls = Mutex(0)
  func record() { calls.withLock { $0 += 1 } }
  var count: Int { calls.withLock { $0 } }
}
