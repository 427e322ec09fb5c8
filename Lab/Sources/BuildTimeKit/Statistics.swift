/// Median, minimum and maximum of a set of timings, in seconds.
public struct Statistics: Sendable, Equatable, Codable {
  /// The middle value (the mean of the two middle values for an even count).
  public let median: Double
  /// The smallest value.
  public let min: Double
  /// The largest value.
  public let max: Double
  /// How many values.
  public let count: Int

  /// The statistics of `samples`; nil when there are none.
  public init?(_ samples: [Double]) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median =
      sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    min = sorted[0]
    max = sorted[sorted.count - 1]
    count = sorted.count
  }
}

/// Seconds with two decimals: `1.23`.
func seconds(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = String(hundredths % 100)
  return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction)"
}
