import CoreDependencies
import CoreStore
import CoreTesting
import Testing

/// A login feature as TCA's docs write it: the response arrives as a `Result`, made with
/// `await Result { … }`, and a test receives `\.loginResponse.success`.
struct Login: Reducer {
  struct State: Equatable, Sendable {
    var token: String?
    var error: String?
  }

  enum Action: CasePathable, Sendable {
    case loginTapped(password: String)
    case loginResponse(Result<String, any Error>)
  }

  /// What the server says to a wrong password.
  struct WrongPassword: Error, Equatable {}

  /// The server: a token for the right password.
  static func login(_ password: String) async throws -> String {
    await Task.yield()
    guard password == "secret" else { throw WrongPassword() }
    return "token-1"
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loginTapped(let password):
      return .run { send in
        await send(.loginResponse(await Result { try await Self.login(password) }))
      }
    case .loginResponse(.success(let token)):
      state.token = token
      return .none
    case .loginResponse(.failure):
      state.error = "Wrong password"
      return .none
    }
  }
}

/// swift-concurrency-extras' helpers, which TCA re-exports, as TCA code uses them.
@Suite("TCA's concurrency helpers")
struct ConcurrencyExtrasTests {
  @Test("LockIsolated: increments from a thousand tasks all count; setValue replaces")
  func lockIsolated() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1000 {
        group.addTask { count.withValue { $0 += 1 } }
      }
    }
    #expect(count.value == 1000)
    count.setValue(5)
    #expect(count.value == 5)
    let words = LockIsolated(["a", "bc"])
    #expect(words.count == 2)
    #expect(words.withValue { $0.joined() } == "abc")
  }

  @Test("ActorIsolated: appends from many tasks all land, in one transaction each")
  func actorIsolated() async {
    let events = ActorIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for number in 0..<100 {
        group.addTask { await events.withValue { $0.append(number) } }
      }
    }
    #expect(await events.value.sorted() == Array(0..<100))
    await events.setValue([7])
    #expect(await events.value == [7])
  }

  @Test("UncheckedSendable carries a value across tasks, as a wrapper and a property wrapper")
  func uncheckedSendable() async {
    final class Box {
      var value = 1
    }
    let box = UncheckedSendable(Box())
    let read = await Task.detached { box.value.value }.value
    #expect(read == 1)
    var wrapped = UncheckedSendable(["a"])
    wrapped.value.append("b")
    #expect(wrapped.count == 2)
    @UncheckedSendable var numbers = [1, 2]
    numbers.append(3)
    #expect($numbers.value == [1, 2, 3])
  }

  @Test("finished streams end at once; a throwing one ends with its error")
  func finishedStreams() async throws {
    var elements = 0
    for await _ in AsyncStream<Int>.finished { elements += 1 }
    for try await _ in AsyncThrowingStream<Int, any Error>.finished() { elements += 1 }
    #expect(elements == 0)
    await #expect(throws: Login.WrongPassword.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(
        throwing: Login.WrongPassword())
      {}
    }
  }

  @Test("await Result { … } is the success, or the error thrown")
  func resultCatching() async {
    let success = await Result { try await Login.login("secret") }
    #expect((try? success.get()) == "token-1")
    let failure = await Result { try await Login.login("guess") }
    #expect(throws: Login.WrongPassword.self) { try failure.get() }
  }

  @Test("a Result's case paths embed and extract each case")
  func resultCasePaths() {
    let success = CasePath<Result<Int, Login.WrongPassword>, Int>(\.success)
    #expect(success.extract(from: .success(3)) == 3)
    #expect(success.extract(from: .failure(Login.WrongPassword())) == nil)
    let failure = CasePath<Result<Int, Login.WrongPassword>, Login.WrongPassword>(\.failure)
    #expect(failure.extract(from: failure.embed(Login.WrongPassword())) == Login.WrongPassword())
  }

  @MainActor
  @Test("a TestStore receives \\.loginResponse.success and \\.loginResponse.failure")
  func receiveIntoResult() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.loginTapped(password: "secret"))
    await store.receive(\.loginResponse.success) { $0.token = "token-1" }
    await store.send(.loginTapped(password: "guess"))
    await store.receive(\.loginResponse.failure) { $0.error = "Wrong password" }
  }

  @MainActor
  @Test("receiving the other case of a Result fails the test")
  func receiveWrongCaseFails() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.loginTapped(password: "guess"))
    await withKnownIssue {
      await store.receive(\.loginResponse.success) { $0.token = "token-1" }
    }
  }
}

/// A parent as TCA 1.2x writes it: `Scope` with the state key path unlabeled, and the debug
/// modifier spelled `_printChanges()`.
struct Counters: Reducer {
  struct State: Equatable, Sendable {
    var first = Login.State()
  }

  enum Action: CasePathable, Sendable {
    case first(Login.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(\.first, action: \.first) { Login() }._printChanges()
  }
}

/// TCA's other small spellings.
@MainActor
@Suite("TCA's smaller spellings")
struct TCASmallSpellingTests {
  @Test("Scope(\\.child, action: \\.child) scopes like Scope(state:action:)")
  func unlabeledScope() async {
    let store = TestStore(initialState: Counters.State()) { Counters() }
    await store.send(.first(.loginTapped(password: "secret")))
    await store.receive(\.first.loginResponse.success) { $0.first.token = "token-1" }
  }

  @Test("FileStorage.inMemory is a new, empty storage each time it is read")
  func inMemoryStorage() throws {
    let first = FileStorage.inMemory
    let second = FileStorage.inMemory
    #expect(first !== second)
  }
}
