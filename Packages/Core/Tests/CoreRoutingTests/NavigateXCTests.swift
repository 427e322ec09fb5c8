import CoreDependencies
import CoreRouting
import CoreStore
import CoreTesting
import XCTest

/// Under XCTest, a navigation request asserted wrongly, or not at all, fails the running XCTest
/// test, as under Swift Testing. Failures are captured, so each test asserts it was told, once.
final class NavigateXCTests: XCTestCase {
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

  @MainActor
  func testWrongAndUnassertedRequestsFailTheXCTest() async {
    let store = TestStore(initialState: Leaf.State()) { Leaf() }
    await store.send(.openTapped)
    await store.receiveNavigation(.push(PlaceRoute.shop(name: "Tea")))
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.first?.contains("but the request was") == true, "\(failures)")
    failures.removeAll()
    await store.send(.openTapped)
    await store.finish()
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.first?.contains("Must assert 1 navigation request(s)") == true)
    failures.removeAll()
    await store.send(.openTapped)
    await store.receiveNavigation(.push(PlaceRoute.shop(name: "Milk")))
    await store.finish()
    XCTAssertEqual(failures, [])
  }
}
