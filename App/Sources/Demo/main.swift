import AppFeature
import CoreUI
import Foundation

// The demo: the whole app in a terminal. All it does is choose where items are kept and
// start the console on the router; everything else is in AppFeature.
exit(
  await ConsoleLauncher.main(
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
    return setup.makeConsole()
  })
