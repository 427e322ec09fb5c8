import CoreConsole
import Foundation
import HogeFeature

// Runs Hoge alone in the console with preview dependencies. Alone, Hoge is not pushed by
// anyone: `back` and its routes' commands say what the App would do.
exit(
  await ConsoleLauncher.main(name: "HogePreview") { _ in
    Console.preview(initialState: Hoge.State()) {
      Hoge()
    } navigation: { action in
      if case .delegate(.navigate(let command)) = action { command } else { nil }
    } view: {
      HogeView(store: $0)
    }
  })
