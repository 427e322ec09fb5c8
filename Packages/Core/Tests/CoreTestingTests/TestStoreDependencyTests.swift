import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A feature whose state and reducer read dependencies while they are built.
private struct Stamped: Reducer {
  struct State: Equatable {
    var id: UUID
    var stamps: [Date] = []

    init() {
      @Dependency(\.uuid) var uuid
      self.id = uuid()
    }
  }

  enum Action: Equatable, Sendable { case stamp }

  let firstID: UUID
  @Dependency(\.date) var date

  init() {
    @Dependency(\.uuid) var uuid
    self.firstID = uuid()
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamps.append(date.now)
    return .none
  }
}

private struct Boom: Error {}

/// The store's dependencies reach the code that sets a test up and checks it.
@MainActor
@Suite("TestStore dependencies")
struct TestStoreDependencyTests {
  private let moment = Date(timeIntervalSince1970: 1_000_000)

  private func makeStore() -> TestStore<Stamped.State, Stamped.Action> {
    let moment = self.moment
    return TestStore(initialState: Stamped.State()) {
      Stamped()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(moment)
    }
  }

  @Test("the initial state and the reducer are built with the store's dependencies")
  func setupSeesOverrides() async {
    let store = makeStore()
    #expect(store.state.id == UUID(counting: 0))
  }

  @Test("a plain store builds its state and reducer with its dependencies too")
  func plainStoreSetupSeesOverrides() {
    let store = Store(initialState: Stamped.State()) {
      Stamped()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    #expect(store.state.id == UUID(counting: 0))
    store.send(.stamp)
    #expect(store.state.stamps == [Date(timeIntervalSince1970: 0)])
  }

  @Test("an assertion closure reads the store's dependencies")
  func assertionSeesOverrides() async {
    let store = makeStore()
    await store.send(.stamp) {
      @Dependency(\.date) var date
      $0.stamps.append(date.now)
    }
    #expect(store.state.stamps == [moment])
  }

  @Test("a throwing assertion closure reports the error, and only the error")
  func throwingAssertion() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.stamp) { _ in throw Boom() }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("The assertion closure threw") }
    }
    // The state after the failed step is taken as asserted; the next step starts from it.
    await store.send(.stamp) { $0.stamps = [moment, moment] }
  }
}
