import CoreDependencies
import CoreStore
import CoreTesting
import ItemListFeature
import ItemsClient
import Testing

@MainActor
@Suite("ItemList loading and saving")
struct ItemListLoadingTests {
  @Test("appearing loads once, showing a loading state meanwhile")
  func loadsOnAppear() async {
    let store = TestStore(initialState: ItemList.State()) {
      ItemList()
    } withDependencies: {
      $0.items = ItemsClient(load: { [milk, eggs] }, save: { _ in })
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.itemsLoaded([milk, eggs])) {
      $0.$items.withLock { $0 = .of([milk, eggs]) }
      $0.isLoading = false
    }
    await store.send(.onAppear)
    await store.finish()
  }

  @Test("a failed load shows one line and keeps the items the person had")
  func failedLoadKeepsItems() async {
    let store = TestStore(initialState: ItemList.State(items: [milk])) {
      ItemList()
    } withDependencies: {
      $0.items = ItemsClient(load: { throw DiskFull() }, save: { _ in })
    }
    await store.send(.reloadTapped) {
      $0.isLoading = true
      $0.itemsBeforeReload = $0.items
      $0.$items.withLock { $0 = nil }
    }
    await store.receive(.loadFailed("disk full")) {
      $0.$items.withLock { $0 = .of([milk]) }
      $0.itemsBeforeReload = nil
      $0.isLoading = false
      $0.message = "Could not load the items (disk full); type reload to try again."
    }
    #expect(store.state.items == [milk])
    await store.finish()
  }

  @Test("a failed save shows one line and keeps the person's change")
  func failedSaveKeepsChange() async {
    let store = TestStore(
      initialState: ItemList.State(
        items: [milk],
        destination: .edit(ItemEdit.State(draft: milk, mode: .edit)))
    ) {
      ItemList()
    } withDependencies: {
      $0.items = ItemsClient(load: { [] }, save: { _ in throw DiskFull() })
    }
    var renamed = milk
    renamed.name = "Soy milk"
    await store.send(.destination(.presented(.edit(.set(\.draft.name, "Soy milk"))))) {
      $0.destination = .edit(ItemEdit.State(draft: renamed, mode: .edit))
    }
    await store.send(.destination(.presented(.edit(.saveTapped))))
    await store.receive(.destination(.presented(.edit(.delegate(.save(renamed)))))) {
      $0.$items.withLock { $0 = .of([renamed]) }
      $0.destination = nil
    }
    await store.receive(.saveFailed("disk full")) {
      $0.message =
        "Could not save (disk full); your changes stay here and are saved with the next one."
      $0.unsavedReason = "disk full"
    }
    await store.finish()
  }

  @Test("unsaved changes stay marked; back warns once, then leaves; a later save clears it")
  func unsavedChangesWarnOnLeaving() async {
    let failing = Flag(true)
    let store = TestStore(
      initialState: PresentationHost.State(ItemList.State(items: [milk]))
    ) {
      PresentationHost { ItemList() }
    } withDependencies: {
      $0.items = ItemsClient(
        load: { [] },
        save: { _ in if failing.value { throw DiskFull() } })
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.child(.presented(.rows(.element(id: milk.id, action: .moreTapped))))) {
      $0.child?.$items.withLock { $0?[id: milk.id]?.quantity = 3 }
    }
    await store.receive(.child(.presented(.rows(.element(id: milk.id, action: .settledDelegate)))))
    {
      $0.child?.isSavePending = true
    }
    await store.receive(.child(.presented(.stepsSettled))) { $0.child?.isSavePending = false }
    await store.receive(.child(.presented(.saveFailed("disk full")))) {
      $0.child?.message =
        "Could not save (disk full); your changes stay here and are saved with the next one."
      $0.child?.unsavedReason = "disk full"
    }
    await store.send(.child(.presented(.backTapped))) {
      $0.child?.message =
        "Your changes are not saved (disk full); type back again to leave the list with them unsaved."
      $0.child?.isLeaveConfirmed = true
    }
    failing.value = false
    await store.send(.child(.presented(.rows(.element(id: milk.id, action: .lessTapped))))) {
      $0.child?.$items.withLock { $0?[id: milk.id]?.quantity = 2 }
    }
    await store.receive(.child(.presented(.rows(.element(id: milk.id, action: .settledDelegate)))))
    {
      $0.child?.isSavePending = true
    }
    await store.receive(.child(.presented(.stepsSettled))) { $0.child?.isSavePending = false }
    await store.receive(.child(.presented(.saved))) {
      $0.child?.unsavedReason = nil
      $0.child?.isLeaveConfirmed = false
    }
    // The warning answered the back before; this back leaves, and the message goes with it.
    await store.send(.child(.presented(.backTapped))) { $0.child?.message = nil }
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  @Test("leaving the screen while a slow load runs cancels it: nothing arrives later")
  func slowLoadCancelledOnDismiss() async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentationHost.State(ItemList.State())) {
      PresentationHost { ItemList() }
    } withDependencies: {
      $0.items = ItemsClient(
        load: {
          try await clock.sleep(for: .seconds(10))
          return [milk]
        },
        save: { _ in })
    }
    await store.send(.child(.presented(.onAppear))) { $0.child?.isLoading = true }
    await store.send(.child(.presented(.backTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test("reload while a load runs changes nothing: the load under way finishes once")
  func reloadCancelsInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: ItemList.State()) {
      ItemList()
    } withDependencies: {
      $0.items = ItemsClient(
        load: {
          try await clock.sleep(for: .seconds(1))
          return [eggs]
        },
        save: { _ in })
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.send(.reloadTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.itemsLoaded([eggs])) {
      $0.$items.withLock { $0 = .of([eggs]) }
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test("the test value of ItemsClient reports an unset load")
  func unimplementedClient() async {
    let store = TestStore(initialState: ItemList.State()) { ItemList() }
    await withKnownIssue {
      await store.send(.onAppear) { $0.isLoading = true }
      await store.receive(.loadFailed("Unimplemented: ItemsClient.load")) {
        $0.isLoading = false
        $0.message =
          "Could not load the items (Unimplemented: ItemsClient.load); type reload to try again."
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("ItemsClient.load was called") }
    }
    await store.finish()
  }

  @Test("the in-memory client keeps what it saved")
  func inMemoryClient() async throws {
    let client = ItemsClient.inMemory([milk])
    #expect(try await client.load() == [milk])
    try await client.save([eggs])
    #expect(try await client.load() == [eggs])
  }
}
