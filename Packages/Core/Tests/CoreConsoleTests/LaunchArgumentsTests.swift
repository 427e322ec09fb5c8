import CoreConsole
import CoreUI
import Testing

@Suite("LaunchArguments")
struct LaunchArgumentsTests {
  @Test("reads the standard options and a program's own")
  func standardAndOwn() throws {
    let launch = try LaunchArguments.parse(
      ["--script", "s.txt", "--trace", "--keep-going", "--data-dir", "/tmp/d", "--in-memory"],
      valueOptions: ["--data-dir"], flags: ["--in-memory"])
    #expect(launch.scriptPath == "s.txt")
    #expect(launch.trace && launch.keepGoing)
    #expect(launch.values == ["--data-dir": "/tmp/d"])
    #expect(launch.flags == ["--in-memory"])
    #expect(!launch.wantsHelp && !launch.wantsVersion)
    #expect(try LaunchArguments.parse(["-h", "--version"]).wantsHelp)
    #expect(try LaunchArguments.parse([]) == LaunchArguments())
  }

  @Test(
    "refuses unknown options, missing values and stray words with one line",
    arguments: [
      (["--nope"], "unknown option '--nope'"),
      (["--script"], "--script needs a value"),
      (["--script", "--trace"], "--script needs a value"),
      (["file.txt"], "unexpected argument 'file.txt'; give a script with --script FILE"),
      (["--script", "a", "--script", "b"], "--script is given twice; give it once"),
      (["--trace", "--trace"], "--trace is given twice; give it once"),
      (["--data-dir", "a", "--data-dir", "b"], "--data-dir is given twice; give it once"),
      (["--in-memory", "--in-memory"], "--in-memory is given twice; give it once"),
    ])
  func refusals(arguments: [String], message: String) {
    #expect(throws: CommandError(message)) {
      try LaunchArguments.parse(arguments, valueOptions: ["--data-dir"], flags: ["--in-memory"])
    }
  }
}

@MainActor
@Suite("ConsoleLauncher")
struct ConsoleLauncherTests {
  private func makeConsole(_ launch: LaunchArguments) -> Console<Tally.State, Tally.Action> {
    Console(initialState: Tally.State()) {
      Tally()
    } view: {
      TallyView(store: $0)
    }
  }

  @Test("bad options exit 2 without building the console; help and version exit 0")
  func exitStatuses() async {
    var built = 0
    let bad = await ConsoleLauncher.main(name: "t", arguments: ["--bad"]) { launch in
      built += 1
      return makeConsole(launch)
    }
    #expect(bad == 2)
    let help = await ConsoleLauncher.main(
      name: "t", options: [.value("--dir", "PATH", help: "where"), .flag("--quick", help: "fast")],
      arguments: ["--help"]
    ) { launch in
      built += 1
      return makeConsole(launch)
    }
    #expect(help == 0)
    let version = await ConsoleLauncher.main(name: "t", arguments: ["--version"]) { launch in
      built += 1
      return makeConsole(launch)
    }
    #expect(version == 0)
    #expect(built == 0)
  }

  @Test("a console that cannot be built exits 2; an unreadable script exits 2")
  func buildFailures() async {
    let refused = await ConsoleLauncher.main(name: "t", arguments: []) {
      (_: LaunchArguments) throws -> Console<Tally.State, Tally.Action> in
      throw CommandError("the data folder is not writable")
    }
    #expect(refused == 2)
    let missing = await ConsoleLauncher.main(
      name: "t", arguments: ["--script", "/nonexistent/script"], makeConsole: makeConsole)
    #expect(missing == 2)
  }
}
