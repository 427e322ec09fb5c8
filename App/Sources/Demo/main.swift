import AppFeature
import CoreUI
import Foundation

// The demo: the whole app in a terminal. All it does is choose where items are kept and
// start the console on the router; everything else is in AppFeature.

// The setup the console runs with, kept to warn about unsaved changes at the end.
var runningSetup: DemoSetup?

let status = await ConsoleLauncher.main(
  name: "demo",
  version: DemoSetup.version,
  options: DemoSetup.options
) { launch in
  // Before the file is read, so a signal during the load or the first save is handled too.
  InterruptHandler.install { DemoSetup.interrupted() }
  let setup = try DemoSetup(launch: launch)
  for warning in setup.warnings {
    ConsoleLauncher.printWarning(warning)
  }
  runningSetup = setup
  return setup.makeConsole()
}
// A save that failed and was never followed by one that succeeded: say so, and fail.
if let reason = runningSetup?.unsavedChanges {
  ConsoleLauncher.printWarning("your last changes were not saved and are lost now: \(reason)")
  exit(status == 0 ? 1 : status)
}
exit(status)
