import CoreConsole
import Foundation
import FugaFeature

// Runs Fuga alone in the console with preview dependencies, showing a sample name. A
// navigation request says what the App would do.
exit(
  await ConsoleLauncher.main(name: "FugaPreview") { _ in
    Console.preview(initialState: Fuga.State(name: "Preview")) {
      Fuga()
    } navigation: { action in
      if case .delegate(.navigate(let command)) = action { command } else { nil }
    } view: {
      FugaView(store: $0)
    }
  })
