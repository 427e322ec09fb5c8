import AppLive
import CoreConsole
import Foundation

// The demo: the whole app in a terminal. All it does is choose where items are kept, start
// the console on the router and restore the last session (or open --open's link); the
// router is AppFeature, the process around it AppLive.

let status = await ConsoleLauncher.main(
  name: "demo",
  version: DemoSetup.version,
  options: DemoSetup.options
) { launch in
  // Ctrl-C reaches the demo alone, not make run around it; then, before the file is read,
  // so a signal during the load or the first save is handled too, the handler.
  TerminalForeground.take()
  InterruptHandler.install()
  let setup = try await DemoSetup(launch: launch)
  for warning in setup.warnings {
    ConsoleLauncher.printWarning(warning)
  }
  let console = setup.makeConsole()
  DemoExit.running = (setup, console)
  await setup.start(console)
  return console
}
// What the list shows and the file does not hold yet is saved; a change that could not be
// saved is named, and the exit status is 1.
DemoExit.finish(status: status)
