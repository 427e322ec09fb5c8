import AppFeature
import CoreDependencies
import CoreRouting
import CoreStore
import Testing

/// What `ScreenStack.State.decide` says a request does, for stacks built from the App's own
/// lists (every tab, its root, the gate's screen), so it holds whatever screens a user has.
@Suite("One place decides what a request does to a stack, before anything changes")
struct StackDecisionTests {
  private typealias Screen = AppRouter.Path.State

  /// A screen no tab starts from: the gate's (the list refuses a tab named after it).
  private let plain = Screen.gateScreen

  /// A stack over `root` with `screens` pushed, ids drawn from a fresh generator.
  private func stack(_ root: Screen, _ screens: [Screen]) -> ScreenStack.State {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      ScreenStack.State(root: root, path: StackState(screens))
    }
  }

  @Test(
    "a tab's root is never pushed: another tab's shows that tab, the stack's own closes the rest")
  func tabRoots() {
    for tab in AppRouter.Tabs.allCases {
      for other in AppRouter.Tabs.allCases where other != tab {
        #expect(
          stack(tab.root, [plain]).decide(.push(other.root), signedIn: true) == .showTab(other))
      }
      #expect(
        stack(tab.root, [plain, plain]).decide(.push(tab.root), signedIn: true)
          == .close(above: nil))
      #expect(
        stack(tab.root, []).decide(.push(tab.root), signedIn: true)
          == .refuse(.alreadyAtRoot))
      // At the gate, every tab's root shows that tab once somebody is signed in: the App signs
      // in. Before, it is refused.
      #expect(stack(Screen.gateScreen, []).decide(.push(tab.root), signedIn: true) == .showTab(tab))
      #expect(
        stack(Screen.gateScreen, []).decide(.push(tab.root), signedIn: false) == .notSignedIn)
    }
  }

  @Test("any other screen is pushed while the stack has room, then refused")
  func pushUntilFull() throws {
    let tab = try #require(AppRouter.Tabs.allCases.first)
    #expect(stack(tab.root, []).decide(.push(plain), signedIn: true) == .push(plain))
    let almost = Array(repeating: plain, count: ScreenStack.maximumDepth - 1)
    #expect(stack(tab.root, almost).decide(.push(plain), signedIn: true) == .push(plain))
    let full = stack(tab.root, almost + [plain])
    #expect(
      full.decide(.push(plain), signedIn: true) == .refuse(.stackFull(ScreenStack.maximumDepth)))
  }

  @Test("pop closes the top screen, popToRoot every pushed one; at the root both are refused")
  func popAndPopToRoot() throws {
    let tab = try #require(AppRouter.Tabs.allCases.first)
    let atRoot = NavigationRefusal.alreadyAtRoot
    #expect(stack(tab.root, []).decide(.pop, signedIn: true) == .refuse(atRoot))
    #expect(stack(tab.root, []).decide(.popToRoot, signedIn: true) == .refuse(atRoot))
    #expect(stack(tab.root, [plain]).decide(.pop, signedIn: true) == .close(above: nil))
    let two = stack(tab.root, [plain, plain])
    #expect(two.decide(.pop, signedIn: true) == .close(above: two.path.ids.first))
    #expect(two.decide(.popToRoot, signedIn: true) == .close(above: nil))
  }

  @Test("popTo closes the screens over the nearest of its kind, the root counting; else refused")
  func popTo() throws {
    let tabs = AppRouter.Tabs.allCases
    let tab = try #require(tabs.first)
    let name = plain.screenName
    // Two of a kind: the nearest from the top wins, and the top itself is refused.
    let two = stack(tab.root, [plain, plain])
    #expect(two.decide(.popTo(plain), signedIn: true) == .refuse(.alreadyOnTop(name)))
    if let other = tabs.dropFirst().first {
      // A screen of another kind on top (built directly: decide reads kinds, not routes).
      let covered = stack(tab.root, [plain, plain, other.root])
      #expect(covered.decide(.popTo(plain), signedIn: true) == .close(above: covered.path.ids[1]))
      #expect(
        stack(tab.root, [plain]).decide(.popTo(other.root), signedIn: true)
          == .refuse(.routeNotOnStack(other.root.screenName)))
    }
    // The root counts.
    #expect(stack(tab.root, [plain]).decide(.popTo(tab.root), signedIn: true) == .close(above: nil))
    #expect(
      stack(tab.root, []).decide(.popTo(tab.root), signedIn: true)
        == .refuse(.alreadyOnTop(tab.root.screenName)))
  }

  @Test("dismiss closes the screen that asked and every one over it; one not there, nothing")
  func dismiss() throws {
    let tab = try #require(AppRouter.Tabs.allCases.first)
    let three = stack(tab.root, [plain, plain, plain])
    let ids = Array(three.path.ids)
    #expect(three.decide(.dismiss(ids[1]), signedIn: true) == .close(above: ids[0]))
    #expect(three.decide(.dismiss(ids[0]), signedIn: true) == .close(above: nil))
    #expect(
      three.decide(.dismiss(StackElementID(generation: 99)), signedIn: true)
        == .close(above: ids[2]))
  }

  @Test("a request in routes no screen of the list declares is refused, with the reason")
  func unknownRoutes() throws {
    let tab = try #require(AppRouter.Tabs.allCases.first)
    let request = NavigationRequest(NavigationCommand<StrayRoute>.push(.stray))
    #expect(
      stack(tab.root, []).decide(ScreenStack.Request(request), signedIn: true)
        == .refuse(.unknownRoutes(request.description)))
  }

  @Test("signout signs out from any tab's stack, at any depth; at the gate nobody is signed in")
  func signOut() {
    for tab in AppRouter.Tabs.allCases {
      #expect(stack(tab.root, []).decide(.signOut, signedIn: true) == .signOut)
      #expect(stack(tab.root, [plain]).decide(.signOut, signedIn: true) == .signOut)
    }
    #expect(stack(Screen.gateScreen, []).decide(.signOut, signedIn: false) == .notSignedIn)
  }
}
