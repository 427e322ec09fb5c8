import Foundation

/// One row of the report: a case's cost on each side and Core's ratio to the floor.
struct BenchmarkRow {
  static let header = """
    | case | floor ns | Core ns | Core / floor | floor instr. | Core instr. | Core / floor |
    |---|---:|---:|---:|---:|---:|---:|
    """

  let title: String
  var nanoseconds: [Side: Double] = [:]
  var instructions: [Side: Double] = [:]

  var markdown: String {
    let columns =
      [title] + Self.columns(nanoseconds, decimals: 1) + Self.columns(instructions, decimals: 0)
    return "| " + columns.joined(separator: " | ") + " |"
  }

  /// Floor, Core and their ratio; dashes for what was not measured.
  private static func columns(_ values: [Side: Double], decimals: Int) -> [String] {
    guard let floor = values[.floor], let core = values[.core] else {
      return ["–", "–", "–"]
    }
    let ratio = floor > 0 ? String(format: "%.1fx", core / floor) : "–"
    return [
      String(format: "%.\(decimals)f", floor), String(format: "%.\(decimals)f", core), ratio,
    ]
  }
}

/// The 1-minute load average, from `/proc/loadavg` (Linux); "unknown" elsewhere.
enum LoadAverage {
  static func read() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return "unknown"
    }
    return String(text.split(separator: " ").first ?? "unknown")
  }
}
