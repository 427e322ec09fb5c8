import ArchCheckKit
import Foundation

/// Runs incremental debug builds of one product the same way every time (identical flags, so
/// no build is a full rebuild in disguise) and times them.
public final class Builder {
  /// What one build did.
  public struct Result {
    /// Wall time of the whole `swift build`, planning included.
    public let seconds: Double
    /// CPU time (user + system) of `swift build` and every process it ran, which a busy
    /// machine disturbs far less than the wall time.
    public let cpuSeconds: Double
    /// The one-minute load average when the build started.
    public let loadAverage: Double
    /// Module → files compiled.
    public let recompiled: [String: Set<String>]
    /// The exit status.
    public let status: Int32
    /// The log, for errors.
    public let log: String
  }

  let packagePath: URL
  let product: String
  let scratchPath: URL?
  /// Arguments added to every build (`--manifest-cache local` for a first cold build).
  var extraArguments: [String] = []
  /// The command run before every build, as `make build` runs it: the layout guard
  /// (`Tools/scripts/layout-guard.sh`), which marks what a layout change makes stale. Its time
  /// is part of the build's, as it is of `make build`'s. Nil: none (a package built alone).
  public var layoutGuard: [String]?
  private var lastBuildEnd = Date.distantPast

  /// A builder of `product` in the package at `packagePath`.
  public init(packagePath: URL, product: String, scratchPath: URL? = nil) {
    self.packagePath = packagePath
    self.product = product
    self.scratchPath = scratchPath
  }

  /// Where the product of a debug build is.
  public var productURL: URL {
    (scratchPath ?? packagePath.appendingPathComponent(".build"))
      .appendingPathComponent("debug/\(product)")
  }

  /// Builds once and times it.
  public func build() throws(BuildTimeError) -> Result {
    var arguments = [
      "swift", "build", "--package-path", packagePath.path, "--product", product, "-v",
    ]
    if let scratchPath { arguments += ["--scratch-path", scratchPath.path] }
    arguments += extraArguments
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let loadAverage = Self.loadAverage()
    let cpuBefore = Self.childrenCPUSeconds()
    let start = ContinuousClock.now
    if let layoutGuard {
      let run = try? Shell.run(layoutGuard, in: packagePath)
      guard let run, run.status == 0 else {
        throw .buildFailed(
          "the layout guard before the build failed: "
            + (run.map {
              $0.stderr.split(separator: "\n").last.map(String.init) ?? "exit \($0.status)"
            }
              ?? "it does not start"))
      }
    }
    do {
      try process.run()
    } catch {
      throw .buildFailed("swift build could not start: \(error)")
    }
    FileGuard.shared.setChild(process)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    FileGuard.shared.setChild(nil)
    if process.terminationReason == .uncaughtSignal || FileGuard.shared.isInterrupted {
      // Stopped by a signal (ours, or one sent to the whole group): an interruption, not a
      // failed build. The signal handler restores the files and exits.
      FileGuard.shared.waitIfInterrupted()
      throw .interrupted(
        "the build was stopped by signal \(process.terminationStatus); nothing was measured")
    }
    let elapsed = ContinuousClock.now - start
    let cpuSeconds = Self.childrenCPUSeconds() - cpuBefore
    lastBuildEnd = Date()
    let log = String(decoding: data, as: UTF8.self)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Result(
      seconds: seconds, cpuSeconds: cpuSeconds, loadAverage: loadAverage,
      recompiled: CompileLog.recompiled(in: log),
      status: process.terminationStatus,
      log: log)
  }

  /// CPU time of every child process this one has waited for, and their children's that
  /// they waited for: the build's, read before and after it (buildtime runs one at a time).
  static func childrenCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      let children = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
    #else
      let children = RUSAGE_CHILDREN
    #endif
    guard getrusage(children, &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double {
      Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The one-minute load average (0 where the system does not say).
  static func loadAverage() -> Double {
    var averages = [0.0, 0.0, 0.0]
    return getloadavg(&averages, 3) >= 1 ? averages[0] : 0
  }

  /// Builds and throws when the build fails, with its first error line.
  public func buildOrThrow(_ context: String) throws(BuildTimeError) -> Result {
    let result = try build()
    guard result.status == 0 else {
      let firstError =
        result.log.split(separator: "\n").first { $0.contains("error:") }.map(String.init)
        ?? "exit status \(result.status)"
      throw .buildFailed("\(context): \(firstError)")
    }
    return result
  }

  /// Makes the next build plan anew. SwiftPM 6.3 reuses its cached build plan when a file is
  /// added to a package that is a dependency (not the root), so the new file would not be
  /// compiled at all; deleting the cached description is what a re-plan takes.
  public func invalidatePlan() {
    let scratch = scratchPath ?? packagePath.appendingPathComponent(".build")
    let triples = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
    for triple in triples {
      for configuration in ["debug", "release"] {
        let description = scratch.appendingPathComponent(
          "\(triple)/\(configuration)/description.json")
        try? FileManager.default.removeItem(at: description)
      }
    }
  }

  /// Waits, when needed, until the clock is in a later whole second than the end of the last
  /// build, so that `urls` (just written) are newer than it at one-second granularity: an edit
  /// within about a second of a build can otherwise be missed by the incremental build. File
  /// dates are never set by hand (a date in the future confuses the incremental build).
  public func markNewerThanLastBuild(_ urls: [URL]) {
    let boundary = (lastBuildEnd.timeIntervalSince1970 + 1).rounded(.down) + 0.02
    let wait = boundary - Date().timeIntervalSince1970
    if wait > 0 {
      Thread.sleep(forTimeInterval: wait)
      for url in urls where FileManager.default.fileExists(atPath: url.path) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
      }
    }
  }
}

/// Why buildtime stopped: one line.
public enum BuildTimeError: Error, Equatable, CustomStringConvertible {
  /// Bad options or a folder that is not the repo.
  case invalidInput(String)
  /// A build failed.
  case buildFailed(String)
  /// A file could not be edited.
  case edit(String)
  /// A signal stopped the tool or its build.
  case interrupted(String)

  /// The line.
  public var description: String {
    switch self {
    case .invalidInput(let message), .buildFailed(let message), .edit(let message),
      .interrupted(let message):
      message
    }
  }
}
