import CoreStore
import CoreTesting
import Testing

/// A form in TCA's spellings: bindable fields, a reaction to one field, and `onChange`.
struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var age = 0
    var isSubscribed = false
    /// Lines the reducers wrote, in order, to show who ran after whom.
    var log: [String] = []
  }

  enum Action: BindableAction, CasePathable, Equatable, Sendable {
    case binding(BindingAction<State>)
    case resetTapped
    case saved(String)
  }

  var body: some ReducerOf<Self> {
    CombineReducers {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.name):
          state.log.append("name is \(state.name)")
          return .none
        case .binding:
          return .none
        case .resetTapped:
          state.name = ""
          state.age = 0
          return .none
        case .saved:
          return .none
        }
      }
    }
    .onChange(of: \.name) { oldName, newName in
      Reduce { state, _ in
        state.log.append("changed from '\(oldName)' to '\(newName)'")
        return .send(.saved(newName))
      }
    }
  }
}

@MainActor
@Suite("Bindings and onChange, as TCA's")
struct BindingTests {
  @Test("a binding action sets its field; .set is the short spelling of .binding(.set)")
  func bindingSetsTheField() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(.binding(.set(\.age, 42))) { $0.age = 42 }
    await store.send(.set(\.isSubscribed, true)) { $0.isSubscribed = true }
    await store.finish()
  }

  @Test("case .binding(\\.name) matches that field only; onChange runs after, with old and new")
  func reactingToOneField() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(.set(\.name, "Blob")) {
      $0.name = "Blob"
      $0.log = ["name is Blob", "changed from '' to 'Blob'"]
    }
    await store.receive(.saved("Blob"))
    await store.send(.set(\.age, 3)) { $0.age = 3 }
    await store.finish()
  }

  @Test("a binding that leaves the state as it was is no change to assert, and onChange is quiet")
  func bindingWithoutChange() async {
    let store = TestStore(initialState: Profile.State(name: "Blob")) { Profile() }
    await store.send(.set(\.name, "Blob")) { $0.log = ["name is Blob"] }
    await store.send(.set(\.age, 0))
    await store.finish()
  }

  @Test("onChange sees changes made by any reducer before it, and runs once per action")
  func onChangeAfterOtherReducers() async {
    let store = TestStore(initialState: Profile.State(name: "Blob", age: 3)) { Profile() }
    await store.send(.resetTapped) {
      $0.name = ""
      $0.age = 0
      $0.log = ["changed from 'Blob' to ''"]
    }
    await store.receive(.saved(""))
    await store.finish()
  }

  @Test("\\.binding.field is a case path: send and receive bindings by field, as in TCA's tests")
  func bindingCaseKeyPaths() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(\.binding.age, 7) { $0.age = 7 }
    await store.send(\.binding.name, "Blob") {
      $0.name = "Blob"
      $0.log = ["name is Blob", "changed from '' to 'Blob'"]
    }
    await store.receive(\.saved)
    let age = CasePath(\Profile.Action.AllCasePaths.binding.age)
    #expect(age.extract(from: .set(\.age, 3)) == 3)
    #expect(age.extract(from: .set(\.name, "x")) == nil)
    #expect(age.extract(from: .resetTapped) == nil)
  }

  @Test("a wrong assertion about a binding fails the test")
  func wrongAssertionFails() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await withKnownIssue {
      await store.send(.set(\.age, 42)) { $0.age = 41 }
    }
  }

  @Test("binding actions are equal when they set the same field to equal values")
  func equality() {
    let blob = BindingAction<Profile.State>.set(\.name, "Blob")
    #expect(blob == .set(\.name, "Blob"))
    #expect(blob != .set(\.name, "Blob Jr."))
    #expect(BindingAction<Profile.State>.set(\.age, 1) != .set(\.isSubscribed, true))
    #expect(blob.description == #".set(\State.name, "Blob")"#)
    #expect(ValueDescription.oneLine(blob) == #".set(\State.name, "Blob")"#)
    var state = Profile.State()
    blob.set(&state)
    #expect(state.name == "Blob")
  }

  @Test("onChange with removeDuplicates decides what counts as a change")
  func removeDuplicates() async {
    struct Letters: Reducer {
      struct State: Equatable {
        var text = ""
        var changes = 0
      }
      enum Action: Equatable, Sendable { case type(String) }
      static func sameIgnoringCase(_ old: String, _ new: String) -> Bool {
        old.lowercased() == new.lowercased()
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .type(let text) = action { state.text = text }
          return .none
        }
        .onChange(of: \.text, removeDuplicates: Self.sameIgnoringCase) { _, _ in
          Reduce { state, _ in
            state.changes += 1
            return .none
          }
        }
      }
    }
    let store = TestStore(initialState: Letters.State()) { Letters() }
    await store.send(.type("a")) {
      $0.text = "a"
      $0.changes = 1
    }
    await store.send(.type("A")) { $0.text = "A" }
    await store.finish()
  }
}
