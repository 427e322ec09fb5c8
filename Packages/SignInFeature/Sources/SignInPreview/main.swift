import CoreConsole
import Foundation
import SignInFeature

// Runs the gate alone in the console with preview dependencies (names set up in memory).
// A navigation request says what the App would do.
exit(
  await ConsoleLauncher.main(name: "SignInPreview") { _ in
    Console.preview(initialState: SignIn.State()) {
      SignIn()
    } navigation: { action in
      if case .delegate(.navigate(let command)) = action { command } else { nil }
    } view: {
      SignInView(store: $0)
    }
  })
