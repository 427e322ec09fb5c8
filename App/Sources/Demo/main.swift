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
    let setup = try DemoSetup(launch: launch)
    for warning in setup.warnings {
      ConsoleLauncher.printWarning(warning)
    }
    InterruptHandler.install { setup.interrupted() }
    return setup.makeConsole()
  })
