import CoreConsole
import Foundation
import HogeFeature

// Runs Hoge alone in the console with preview dependencies. Alone, Hoge is not pushed by
// anyone, so `back` reports that; `trace on` shows the navigation requests it sends.
exit(
  await ConsoleLauncher.main(name: "HogePreview") { _ in
    Console(initialState: Hoge.State()) {
      Hoge()
    } withDependencies: {
      $0.context = .preview
    } view: {
      HogeView(store: $0)
    }
  })
