import CoreDependencies
import CoreStore
import CoreTesting
import Foundation
import ItemsClient
import Testing

@testable import ItemListFeature

@MainActor
@Suite("ItemList destinations")
struct ItemListDestinationTests {
  private let log = SaveLog()

  private func makeStore(
    _ state: ItemList.State = ItemList.State(items: [milk, eggs])
  ) -> TestStore<ItemList.State, ItemList.Action> {
    let log = self.log
    return TestStore(initialState: state) {
      ItemList()
    } withDependencies: {
      $0.items = .recording([milk, eggs], into: log)
      $0.uuid = .incrementing
    }
  }

  @Test("open N drills down into item N; back dismisses it")
  func openAndBack() async {
    let store = makeStore()
    await store.send(.openTapped(position: 2)) {
      $0.destination = .detail(ItemDetail.State(item: eggs))
    }
    #expect(store.state.activeDestinationCount == 1)
    await store.send(.destination(.presented(.detail(.backTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("edit from the detail replaces the detail: still one destination")
  func detailToEdit() async {
    let store = makeStore()
    await store.send(.openTapped(position: 1)) {
      $0.destination = .detail(ItemDetail.State(item: milk))
    }
    await store.send(.destination(.presented(.detail(.editTapped))))
    await store.receive(.destination(.presented(.detail(.delegate(.edit))))) {
      $0.destination = .edit(ItemEdit.State(draft: milk, mode: .edit))
    }
    #expect(store.state.activeDestinationCount == 1)
    await store.finish()
  }

  @Test("edit N, change fields, save: the list is updated and saved")
  func editAndSave() async {
    let store = makeStore()
    await store.send(.editTapped(position: 1)) {
      $0.destination = .edit(ItemEdit.State(draft: milk, mode: .edit))
    }
    var changed = milk
    changed.quantity = 5
    changed.note = ""
    await store.send(.destination(.presented(.edit(.set(\.draft.quantity, 5))))) {
      $0.destination = .edit(
        ItemEdit.State(
          draft: Item(id: milk.id, name: "Milk", quantity: 5, note: "oat"), mode: .edit))
    }
    await store.send(.destination(.presented(.edit(.set(\.draft.note, ""))))) {
      $0.destination = .edit(ItemEdit.State(draft: changed, mode: .edit))
    }
    await store.send(.destination(.presented(.edit(.saveTapped))))
    await store.receive(.destination(.presented(.edit(.delegate(.save(changed)))))) {
      $0.$items.withLock { $0 = .of([changed, eggs]) }
      $0.destination = nil
    }
    await store.finish()
    #expect(await log.saves == [[changed, eggs]])
  }

  @Test("the editor refuses an empty or too long name and a bad quantity, changing nothing")
  func editorRefusals() async {
    let store = makeStore(
      ItemList.State(
        items: [milk],
        destination: .edit(ItemEdit.State(draft: milk, mode: .edit))))
    await store.send(.destination(.presented(.edit(.set(\.draft.name, "   "))))) {
      $0.destination = .edit(
        ItemEdit.State(
          draft: milk, mode: .edit, message: "A name cannot be empty; type one, like \"Milk\"."))
    }
    await store.send(
      .destination(.presented(.edit(.set(\.draft.name, String(repeating: "n", count: 201)))))
    ) {
      $0.destination = .edit(
        ItemEdit.State(
          draft: milk, mode: .edit,
          message:
            "A name has at most 200 characters (an accent typed apart counts as one); this one has 201."
        ))
    }
    await store.send(.destination(.presented(.edit(.set(\.draft.quantity, -1))))) {
      $0.destination = .edit(
        ItemEdit.State(
          draft: milk, mode: .edit, message: "A quantity is from 0 to 9999; got -1."))
    }
    await store.send(.destination(.presented(.edit(.cancelTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.items == [milk])
    await store.finish()
  }

  @Test("add \"name\" opens the add sheet with a new id; save appends and saves")
  func addAndSave() async {
    let store = makeStore()
    let tea = Item(id: UUID(counting: 0), name: "Tea")
    await store.send(.addTapped(name: "  Tea ")) {
      $0.destination = .add(ItemEdit.State(draft: tea, mode: .add))
    }
    await store.send(.destination(.presented(.add(.saveTapped))))
    await store.receive(.destination(.presented(.add(.delegate(.save(tea)))))) {
      $0.$items.withLock { $0 = .of([milk, eggs, tea]) }
      $0.destination = nil
    }
    await store.finish()
    #expect(await log.saves == [[milk, eggs, tea]])
  }

  @Test("add with an empty or 201-character name is refused on the list, nothing opened")
  func addRefused() async {
    let store = makeStore()
    await store.send(.addTapped(name: "")) {
      $0.message = "A name cannot be empty; type one, like \"Milk\"."
    }
    await store.send(.addTapped(name: String(repeating: "x", count: 201))) {
      $0.message =
        "A name has at most 200 characters (an accent typed apart counts as one); this one has 201."
    }
    await store.send(.addTapped(name: "Tea\u{1B}[2J")) {
      $0.message =
        "A name cannot hold control characters (ESC, BEL, direction overrides); type plain text."
    }
    #expect(store.state.activeDestinationCount == 0)
    await store.finish()
  }

  @Test("delete N asks first with an alert: Cancel keeps the item, Delete deletes and saves")
  func deleteConfirmation() async {
    let store = makeStore()
    await store.send(.deleteTapped(position: 1)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete Milk ×2 — oat?",
          message: "This cannot be undone.",
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion(milk.id), label: "Delete"),
            ButtonState(role: .cancel, label: "Cancel"),
          ]))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.deleteTapped(position: 1)) { $0.destination = .alert(.delete(milk)) }
    await store.send(.destination(.presented(.alert(.confirmDeletion(milk.id))))) {
      $0.$items.withLock { $0 = .of([eggs]) }
      $0.destination = nil
    }
    await store.finish()
    #expect(await log.saves == [[eggs]])
  }

  @Test(
    "a position that is not on the list is refused with one line, changing nothing else",
    arguments: [0, 3, -1, 99, Int.min, Int.max])
  func badPositions(position: Int) async {
    let store = makeStore()
    let expected = "No item \(position): the list has items 1 to 2."
    await store.send(.openTapped(position: position)) { $0.message = expected }
    await store.send(.editTapped(position: position))
    await store.send(.deleteTapped(position: position))
    #expect(store.state.activeDestinationCount == 0)
    await store.finish()
  }

  @Test("on an empty list a position is refused with a hint to add")
  func emptyList() async {
    let store = makeStore(ItemList.State(items: []))
    await store.send(.openTapped(position: 1)) {
      $0.message = "There are no items yet; add one with add \"name\"."
    }
    await store.finish()
  }

  @Test("opening another destination replaces the active one: never two at once")
  func oneDestinationAtATime() async {
    let store = makeStore()
    await store.send(.openTapped(position: 1)) {
      $0.destination = .detail(ItemDetail.State(item: milk))
    }
    await store.send(.deleteTapped(position: 2)) { $0.destination = .alert(.delete(eggs)) }
    #expect(store.state.activeDestinationCount == 1)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.state.activeDestinationCount == 0)
    await store.finish()
  }

  @Test("back on the list dismisses the list itself (a real .dismiss when presented)")
  func backOnList() async {
    let store = TestStore(initialState: PresentationHost.State(ItemList.State())) {
      PresentationHost { ItemList() }
    }
    await store.send(.child(.presented(.backTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }
}
