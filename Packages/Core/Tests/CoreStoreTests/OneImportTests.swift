import CoreStore
import Foundation
import Testing

/// A feature written with one import of Core, as a TCA feature imports only
/// `ComposableArchitecture`: `@Dependency`, `withDependencies`, `@Shared` and the dependency
/// values come with `import CoreStore` (this file imports no other Core module).
@MainActor
@Suite("One import")
struct OneImportTests {
  struct Stamp: Reducer {
    struct State: Equatable {
      var ids: [UUID] = []
    }
    enum Action: Equatable, Sendable {
      case stamp
    }
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.ids.append(uuid())
      return .none
    }
  }

  @Test("@Dependency, withDependencies and @Shared come with import CoreStore")
  func oneImport() {
    let store = Store(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.stamp)
    store.send(.stamp)
    #expect(store.state.ids == [UUID(0), UUID(1)])
    @Shared(.inMemory("one-import-\(UUID())")) var count = 0
    $count.withLock { $0 += 1 }
    #expect(count == 1)
  }
}
