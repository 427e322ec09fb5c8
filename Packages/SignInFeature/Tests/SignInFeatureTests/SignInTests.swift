import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import SignInFeature
import Testing

@MainActor
@Suite("SignIn: the gate")
struct SignInTests {
  @Test("a name that never finished setup goes to setup, and is not signed in yet")
  func newNameGoesToSetup() async {
    let store = TestStore(initialState: SignIn.State()) { SignIn() }
    await store.send(.signInTapped(name: "  Ann "))
    await store.receive(.delegate(.navigate(.push(.setup(name: "Ann")))))
    @Shared(.signedInName) var signedIn
    #expect(signedIn == nil)
    await store.finish()
  }

  @Test("a name set up before (in any case) signs in and goes straight home")
  func knownNameGoesHome() async {
    let store = TestStore(initialState: SignIn.State()) { SignIn() }
    @Shared(.setUpNames) var names
    @Shared(.signedInName) var signedIn
    $names.withLock { $0 = ["ann"] }
    // A reducer's own @Shared is not part of its state, so (as in TCA) the step does not
    // check it; the test reads it.
    await store.send(.signInTapped(name: "ANN"))
    #expect(signedIn == "ANN")
    await store.receive(.delegate(.navigate(.push(.entry))))
    await store.finish()
  }

  @Test("an empty, too long or link-breaking name is refused with the reason; nothing else")
  func badNames() async {
    let store = TestStore(initialState: SignIn.State()) { SignIn() }
    await store.send(.signInTapped(name: "   ")) {
      $0.message = "Type a name to sign in with: signin Ann."
    }
    await store.send(.signInTapped(name: String(repeating: "a", count: 41))) {
      $0.message = "A name has at most 40 characters; this one has 41."
    }
    await store.send(.signInTapped(name: "a/b")) {
      $0.message =
        "A name cannot hold / ? & or a line break (they would break its links); choose another."
    }
    await store.send(.signInTapped(name: "Bo")) { $0.message = nil }
    await store.receive(.delegate(.navigate(.push(.setup(name: "Bo")))))
    await store.finish()
  }

  @Test("a wrong assertion about the request fails the test")
  func wrongRequestFails() async {
    let store = TestStore(initialState: SignIn.State()) { SignIn() }
    await store.send(.signInTapped(name: "Ann"))
    await withKnownIssue {
      await store.receive(.delegate(.navigate(.push(.entry))))
    }
  }
}

@MainActor
@Suite("Setup: the first run")
struct SetupTests {
  @Test("done records the name as set up, signs it in and asks for home")
  func doneSignsIn() async {
    let store = TestStore(initialState: Setup.State(name: "Ann")) { Setup() }
    @Shared(.setUpNames) var names
    @Shared(.signedInName) var signedIn
    await store.send(.doneTapped)
    #expect(names == ["ann"])
    #expect(signedIn == "Ann")
    await store.receive(.delegate(.navigate(.push(.entry))))
    await store.finish()
  }

  @Test("done twice keeps the name once")
  func doneTwice() async {
    let store = TestStore(initialState: Setup.State(name: "Ann")) { Setup() }
    @Shared(.setUpNames) var names
    $names.withLock { $0 = ["ann"] }
    await store.send(.doneTapped)
    await store.receive(.delegate(.navigate(.push(.entry))))
    #expect(names == ["ann"])
  }

  @Test("the next sign-in of that name skips setup")
  func secondSignInSkipsSetup() async {
    let store = TestStore(initialState: StackHost.State(SignIn.State())) {
      StackHost { SignIn() }
    }
    @Shared(.setUpNames) var names
    $names.withLock { $0 = ["ann"] }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .signInTapped(name: "Ann"))))
    await store.receive(.path(.element(id: 0, action: .delegate(.navigate(.push(.entry))))))
  }

  @Test("back dismisses setup without signing in")
  func back() async {
    let store = TestStore(initialState: StackHost.State(Setup.State(name: "Ann"))) {
      StackHost { Setup() }
    }
    await store.send(.path(.element(id: 0, action: .backTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    @Shared(.signedInName) var signedIn
    #expect(signedIn == nil)
    await store.finish()
  }
}
