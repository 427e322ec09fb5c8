import CoreTesting
import Foundation
import Testing

/// Running a process the way a test of a preview or the demo does: its output, its status, and
/// a deadline that ends a hung one instead of the test run.
@Suite("BuiltExecutable")
struct BuiltExecutableTests {
  @Test("async: the input goes in, standard output and error come back apart, with the status")
  func asyncRun() async throws {
    let run = try await BuiltExecutable.run(
      atPath: "/bin/sh", arguments: ["-c", "read line; echo \"got $line\"; echo oops >&2; exit 3"],
      input: "tea\n")
    #expect(run.output == "got tea\n")
    #expect(run.error == "oops\n")
    #expect(run.status == 3)
  }

  @Test("sync: the same run, for a synchronous test")
  func syncRun() throws {
    let run = try BuiltExecutable.run(
      atPath: "/bin/sh", arguments: ["-c", "read line; echo \"got $line\"; exit 4"],
      input: "milk\n")
    #expect(run.output == "got milk\n")
    #expect(run.status == 4)
  }

  @Test("async: a process still running at its deadline is killed")
  func asyncDeadline() async throws {
    let started = ContinuousClock.now
    let run = try await BuiltExecutable.run(
      atPath: "/bin/sleep", arguments: ["30"], timeout: .milliseconds(200))
    #expect(run.status == SIGKILL)
    // Below the 30 s the process would take: only a deadline that did nothing fails.
    #expect(ContinuousClock.now - started < .seconds(25))
  }

  @Test("sync: a process still running at its deadline is killed")
  func syncDeadline() throws {
    let started = ContinuousClock.now
    let run = try BuiltExecutable.run(
      atPath: "/bin/sleep", arguments: ["30"], timeout: .milliseconds(200))
    #expect(run.status == SIGKILL)
    #expect(ContinuousClock.now - started < .seconds(25))
  }

  @Test("a product that is not built is named, with where it was looked for")
  func notFound() async {
    await #expect {
      _ = try await BuiltExecutable.run("NoSuchPreview")
    } throws: { error in
      "\(error)".hasPrefix("no executable 'NoSuchPreview' next to the test binary")
    }
  }
}
