import CoreStore
import CoreTesting
import Foundation
import Testing

// TCA's case study "Higher-order reducers: recursion" (Examples/CaseStudies), ported by
// expanding its macros and dropping the SwiftUI view; its tests are TCA's, unchanged.

struct Nested: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    var name: String = ""
    var rows: IdentifiedArrayOf<State> = []

    init(id: UUID? = nil, name: String = "", rows: IdentifiedArrayOf<State> = []) {
      @Dependency(\.uuid) var uuid
      self.id = id ?? uuid()
      self.name = name
      self.rows = rows
    }
  }

  enum Action: CasePathable {
    case addRowButtonTapped
    case nameTextFieldChanged(String)
    case onDelete(IndexSet)
    indirect case rows(IdentifiedActionOf<Nested>)
  }

  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: self.uuid()))
        return .none

      case .nameTextFieldChanged(let name):
        state.name = name
        return .none

      case .onDelete(let indexSet):
        state.rows.remove(atOffsets: indexSet)
        return .none

      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}

@MainActor
struct RecursionTests {
  @Test
  func addRow() async {
    let store = TestStore(initialState: Nested.State(id: UUID())) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addRowButtonTapped) {
      $0.rows.append(Nested.State(id: UUID(0)))
    }

    await store.send(\.rows[id: UUID(0)].addRowButtonTapped) {
      $0.rows[id: UUID(0)]?.rows.append(Nested.State(id: UUID(1)))
    }
  }

  @Test
  func changeName() async {
    let store = TestStore(initialState: Nested.State(id: UUID())) {
      Nested()
    }

    await store.send(.nameTextFieldChanged("Blob")) {
      $0.name = "Blob"
    }
  }

  @Test
  func deleteRow() async {
    let store = TestStore(
      initialState: Nested.State(
        id: UUID(),
        rows: [
          Nested.State(id: UUID(0)),
          Nested.State(id: UUID(1)),
          Nested.State(id: UUID(2)),
        ]
      )
    ) {
      Nested()
    }

    await store.send(.onDelete(IndexSet(integer: 1))) {
      $0.rows.remove(id: UUID(1))
    }
  }

  // Not TCA's: a wrong assertion two levels down fails.
  @Test
  func wrongNestedRowFails() async {
    let store = TestStore(initialState: Nested.State(id: UUID())) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) {
      $0.rows.append(Nested.State(id: UUID(0)))
    }
    await withKnownIssue {
      await store.send(\.rows[id: UUID(0)].addRowButtonTapped) {
        $0.rows[id: UUID(0)]?.rows.append(Nested.State(id: UUID(2)))
      }
    }
  }
}
