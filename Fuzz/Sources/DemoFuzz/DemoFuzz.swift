import AppFeature
import CoreConsole
import CoreDependencies
import CoreUI
import Foundation
import ItemsClient
import NavigationLogClient

/// Runs one input: the bytes as a script through a new console on the router, every line
/// tried (keep going), effects awaited. A trap, an overflow or a memory error anywhere on the
/// way is what the fuzzer is looking for.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let done = Flag()
  Task { @MainActor in
    let console = AppReducer.console {
      $0.context = .live
      $0.items = .inMemory(Item.samples)
      $0.continuousClock = ImmediateClock()
      $0.navigationLog = NavigationLogClient { _ in }
    }
    var options = ConsoleOptions(mode: .script)
    options.keepGoing = true
    options.effectTimeout = .seconds(2)
    _ = await console.run(input: .bytes(bytes), output: .buffer(), options: options)
    done.set()
  }
  // The console is on the main actor: turn the main run loop until it is done.
  while !done.isSet {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
  }
  return 0
}

/// libFuzzer's driver: parses libFuzzer's options and calls `fuzzOne` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The entry point SwiftPM links as `main` for this executable (its module's main).
@_cdecl("DemoFuzz_main")
func fuzzMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { fuzzOne($0, $1) }
}

/// A flag set on the main actor and read by the loop that waits for it.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() {
    lock.withLock { value = true }
  }
}
