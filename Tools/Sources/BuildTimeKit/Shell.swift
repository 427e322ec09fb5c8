import Foundation

/// Runs short commands (git, swift --version) and collects their output.
enum Shell {
  struct Output {
    let status: Int32
    let stdout: String
  }

  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
  }
}
