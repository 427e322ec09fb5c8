import CoreStore
import CoreTesting
import Foundation
import Testing

// Not TCA's: the failures a port must still report, on the ported Search.
@MainActor
struct SearchFailureTests {
  @Test
  func unimplementedForecastFails() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    }
    let location = GeocodingSearch.mock.results[0]
    await withKnownIssue {
      await store.send(.searchResultTapped(location)) {
        $0.resultForecastRequestInFlight = location
      }
      await store.receive(\.forecastResponse) {
        $0.resultForecastRequestInFlight = nil
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unimplemented: 'WeatherClient.forecast'") }
    }
  }
}
