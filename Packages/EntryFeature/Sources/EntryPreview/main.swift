import CoreConsole
import EntryFeature
import Foundation

// Runs Entry alone in the console with preview dependencies: the fast loop, which builds Core
// and this feature only. `trace on` shows the navigation requests Entry sends.
exit(
  await ConsoleLauncher.main(name: "EntryPreview") { _ in
    Console(initialState: Entry.State()) {
      Entry()
    } withDependencies: {
      $0.context = .preview
    } view: {
      EntryView(store: $0, viewBuilding: .placeholder)
    }
  })
