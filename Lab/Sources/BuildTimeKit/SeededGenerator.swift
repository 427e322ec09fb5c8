/// SplitMix64: a random number generator whose numbers follow from its seed alone, the same on
/// every machine and toolchain, so that the edit fuzzer's `--seed` reproduces a run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<count` (count > 0), drawn the same way everywhere: `Int.random(in:using:)`
  /// does not promise the same draws across standard library versions.
  public mutating func below(_ count: Int) -> Int {
    Int(next() % UInt64(count))
  }

  /// One of `items` (not empty).
  public mutating func pick<Element>(_ items: [Element]) -> Element {
    items[below(items.count)]
  }
}
