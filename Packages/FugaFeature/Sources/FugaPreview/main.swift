import CoreUI
import Foundation
import FugaFeature

// Runs Fuga alone in the console with preview dependencies, showing a sample name.
exit(
  await ConsoleLauncher.main(name: "FugaPreview") { _ in
    Console(initialState: FugaFeature.State(name: "Preview")) {
      FugaFeature()
    } withDependencies: {
      $0.context = .preview
    } view: {
      FugaView(store: $0)
    }
  })
