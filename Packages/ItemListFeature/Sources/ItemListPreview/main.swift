import CoreConsole
import Foundation
import ItemListFeature

// Runs the item list alone with preview dependencies: sample items kept in memory.
exit(
  await ConsoleLauncher.main(name: "ItemListPreview") { _ in
    let console = Console.preview(initialState: ItemList.State()) {
      ItemList()
    } view: {
      ItemListView(store: $0)
    }
    console.store.send(.onAppear)
    return console
  })
