import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import Testing

/// A meeting series, as TCA's SyncUps keeps them.
private struct Series: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Series>>.Default {
  /// Every series, in a file, starting from none (swift-sharing's `.Default` key).
  fileprivate static var series: Self {
    Self[.fileStorage(URL(fileURLWithPath: "/nonexistent/series.json")), default: []]
  }
}

/// A list holding every series and a detail holding one of them, as TCA's SyncUps does: the
/// detail's `@Shared var series` is the list's element, unwrapped with `Shared(_:)`.
private struct SeriesDetail: Reducer {
  struct State: Equatable {
    @Shared var series: Series
  }

  enum Action: Equatable, Sendable {
    case rename(String)
    case delete
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title):
      state.$series.withLock { $0.title = title }
      return .none
    case .delete:
      @Shared(.series) var all
      $all.withLock { _ = $0.remove(id: state.series.id) }
      return .none
    }
  }
}

@MainActor
@Suite("Shared elements and default keys, as SyncUps uses them")
struct SharedElementTests {
  private let first = Series(id: 1, title: "Morning")
  private let second = Series(id: 2, title: "Design")

  @Test("a .Default key starts from its default; an initial value written out wins")
  func defaultKey() {
    @Shared(.series) var series
    #expect(series.isEmpty)
    @Shared(.series) var same = [first]
    // The value already kept under the key wins over a later initial value, as for any key.
    #expect(same.isEmpty)
    $same.withLock { $0.append(first) }
    #expect(series.map(\.title) == ["Morning"])
  }

  @Test("an element by id is shared both ways; nil for an id that is not there")
  func elementByID() throws {
    @Shared(.series) var all = [first, second]
    #expect(Shared($all[id: 3]) == nil)
    let design = try #require(Shared($all[id: 2]))
    design.withLock { $0.title = "Design review" }
    #expect(all[id: 2]?.title == "Design review")
    $all.withLock { $0[id: 2]?.title = "Design sync" }
    #expect(design.wrappedValue.title == "Design sync")
  }

  @Test("once the element is removed, its Shared reads the last value; a change stays there")
  func removedElementKeepsLastValue() throws {
    @Shared(.series) var all = [first, second]
    let morning = try #require(Shared($all[id: 1]))
    $all.withLock { _ = $0.remove(id: 1) }
    #expect(morning.wrappedValue == first)
    morning.withLock { $0.title = "Gone" }
    #expect(morning.wrappedValue.title == "Gone")
    #expect(all.ids == [2])
  }

  @Test("a detail's change to its element is asserted on the element, and seen in the whole")
  func detailChangeAsserted() async throws {
    @Shared(.series) var all = [first, second]
    let morning = try #require(Shared($all[id: 1]))
    let store = TestStore(initialState: SeriesDetail.State(series: morning)) {
      SeriesDetail()
    }
    await store.send(.rename("Standup")) { $0.$series.withLock { $0.title = "Standup" } }
    #expect(all[id: 1]?.title == "Standup")
  }

  @Test("an unasserted or wrongly asserted change to the element fails the step")
  func detailChangeUnasserted() async throws {
    @Shared(.series) var all = [first, second]
    let morning = try #require(Shared($all[id: 1]))
    let store = TestStore(initialState: SeriesDetail.State(series: morning)) {
      SeriesDetail()
    }
    await withKnownIssue {
      await store.send(.rename("Standup"))
    }
    await withKnownIssue {
      await store.send(.rename("Retro")) { $0.$series.withLock { $0.title = "Standup" } }
    }
  }

  @Test("deleting the element from the whole leaves the detail showing it, as in SyncUps")
  func deleteFromWhole() async throws {
    @Shared(.series) var all = [first, second]
    let morning = try #require(Shared($all[id: 1]))
    let store = TestStore(initialState: SeriesDetail.State(series: morning)) {
      SeriesDetail()
    }
    await store.send(.delete)
    #expect(all.ids == [2])
    #expect(store.state.series == first)
  }

  @Test("file storage behind a .Default key is memory in a test: nothing is written")
  func defaultKeyInMemory() {
    @Shared(.series) var all
    $all.withLock { $0.append(first) }
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/series.json"))
  }
}
