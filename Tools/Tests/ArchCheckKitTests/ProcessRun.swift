import Foundation

/// Runs `executable` with `arguments` in `folder`, with `environment`, to its end: the status
/// and everything it printed (standard output and error together).
func runProcess(
  _ executable: String, _ arguments: [String], in folder: URL, environment: [String: String]
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = folder
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
