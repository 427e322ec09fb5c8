import CoreConsole
import EntryFeature
import Foundation

// Runs Entry alone in the console with preview dependencies: the fast loop, which builds Core
// and this feature only. A navigation request says what the App would do.
exit(
  await ConsoleLauncher.main(name: "EntryPreview") { _ in
    Console.preview(initialState: Entry.State()) {
      Entry()
    } navigation: { action in
      if case .delegate(.navigate(let command)) = action { command } else { nil }
    } view: {
      EntryView(store: $0, viewBuilding: .placeholder)
    }
  })
