import CoreConsole
import Foundation
import FugaFeature

// Runs Fuga alone in the console with preview dependencies, showing a sample name.
exit(
  await ConsoleLauncher.main(name: "FugaPreview") { _ in
    Console(initialState: Fuga.State(name: "Preview")) {
      Fuga()
    } withDependencies: {
      $0.context = .preview
    } view: {
      FugaView(store: $0)
    }
  })
