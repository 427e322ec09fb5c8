import CoreDependencies
import CoreStore
import CoreTesting
import XCTest

/// A fetch whose response is a `Result` that fails: receiving `\.response.success` is wrong.
struct FailingFetch: Reducer {
  struct State: Equatable { var value: Int? }
  enum Action: CasePathable, Sendable {
    case fetch
    case response(Result<Int, any Error>)
  }
  struct Offline: Error {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      return .run { send in await send(.response(await Result { try await Self.load() })) }
    case .response(let result):
      state.value = try? result.get()
      return .none
    }
  }

  static func load() async throws -> Int {
    await Task.yield()
    throw Offline()
  }
}

/// Under XCTest, every issue fails the running XCTest test: a wrong TestStore assertion, an
/// unimplemented dependency, a reported issue. The failures are captured here instead of
/// failing this suite, so each test can assert it was told, once.
final class XCTestReportingTests: XCTestCase {
  private var failures: [String] = []

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      failures.append(issue.compactDescription)
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      failures.append(description)
    }
  #endif

  private struct Form: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable, Sendable {
      case nameChanged(String)
      case saveTapped
      case saved
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .nameChanged(let name):
        state.name = name
        return .none
      case .saveTapped:
        return .run { send in await send(.saved) }
      case .saved:
        return .none
      }
    }
  }

  private struct Counter: Reducer {
    struct State: Equatable {
      @Shared(.inMemory("xctest-count")) var count = 0
    }
    enum Action: Equatable, Sendable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }

  @MainActor
  func testReceivingTheOtherCaseOfAResultFailsTheXCTest() async {
    let store = TestStore(initialState: FailingFetch.State()) { FailingFetch() }
    await store.send(.fetch)
    await store.receive(\.response.success)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    failures.removeAll()
    await store.send(.fetch)
    await store.receive(\.response.failure)
    XCTAssertEqual(failures, [])
  }

  @MainActor
  func testUnassertedSharedChangeFailsTheXCTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("asserted no change") == true, "\(failures)")
    failures.removeAll()
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    XCTAssertEqual(failures, [])
  }

  private struct Series: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
  }

  private struct Detail: Reducer {
    struct State: Equatable {
      @Shared var series: Series
    }
    enum Action: Equatable, Sendable { case rename(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let title):
        state.$series.withLock { $0.title = title }
        return .none
      }
    }
  }

  @MainActor
  func testWrongAssertionAboutASharedElementFailsTheXCTest() async throws {
    let all = Shared(value: IdentifiedArrayOf<Series>(uniqueElements: [Series(id: 1, title: "A")]))
    let first = try XCTUnwrap(Shared(all[id: 1]))
    let store = TestStore(initialState: Detail.State(series: first)) { Detail() }
    await store.send(.rename("B")) { $0.$series.withLock { $0.title = "C" } }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    failures.removeAll()
    await store.send(.rename("D")) { $0.$series.withLock { $0.title = "D" } }
    XCTAssertEqual(failures, [])
    XCTAssertEqual(all.wrappedValue[id: 1]?.title, "D")
  }

  @MainActor
  func testWrongAssertionFailsTheXCTest() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.nameChanged("Ann")) { $0.name = "Bob" }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("State after sending") == true, "\(failures)")
    failures.removeAll()
    await store.send(.nameChanged("Cy")) { $0.name = "Cy" }
    XCTAssertEqual(failures, [])
  }

  @MainActor
  func testWrongReceiveAndUnreceivedActionFailTheXCTest() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.saveTapped)
    await store.receive(.nameChanged("x"), timeout: .milliseconds(200))
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("Expected to receive") == true, "\(failures)")
    failures.removeAll()
    await store.send(.saveTapped)
    await store.finish()
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.first?.contains(".saved") == true, "\(failures)")
    failures.removeAll()
    await store.send(.saveTapped)
    await store.receive(.saved)
    await store.finish()
    XCTAssertEqual(failures, [])
  }

  /// A wait that gives up says why: effects that stood still for the timeout, or that never
  /// stood still until the cut-off.
  @MainActor
  func testAWaitThatGivesUpFailsTheXCTestAndSaysWhy() async {
    let store = TestStore(initialState: TestStoreTests.Spinner.State()) {
      TestStoreTests.Spinner()
    }
    await store.receive(.stop, timeout: .milliseconds(20))
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.contains("within 0.02 seconds in which no effect ran") == true,
      "\(failures)")
    failures.removeAll()
    await store.send(.spin)
    await store.finish(timeout: .milliseconds(20))
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.contains("the cut-off, 60 times the timeout of 0.02 seconds") == true,
      "\(failures)")
    failures.removeAll()
    await store.send(.stop)
    await store.finish()
    XCTAssertEqual(failures, [])
  }

  func testReportIssueAndUnimplementedFailTheXCTest() async throws {
    reportIssue("something is off")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("something is off") == true)
    let load: @Sendable () async throws -> Int = unimplemented("Client.load")
    _ = try? await load()
    XCTAssertEqual(failures.count, 2)
    XCTAssertTrue(failures.last?.contains("Unimplemented: Client.load") == true)
  }
}
