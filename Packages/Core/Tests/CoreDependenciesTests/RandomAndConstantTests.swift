import CoreDependencies
import Foundation
import Testing

/// The linear congruential generator TCA's and swift-dependencies' tests seed with.
private struct LCRNG: RandomNumberGenerator {
  var seed: UInt64

  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}

@Suite("withRandomNumberGenerator and UUIDGenerator.constant, as swift-dependencies has them")
struct RandomAndConstantTests {
  @Test("a seeded generator gives the numbers swift-dependencies' documentation shows")
  func seededDice() {
    let dice = withDependencies {
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
    } operation: { () -> (Int, Int) in
      @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
      return withRandomNumberGenerator { generator in
        (Int.random(in: 1...6, using: &generator), Int.random(in: 1...6, using: &generator))
      }
    }
    #expect(dice == (1, 3))
  }

  @Test("the generator advances across calls, and the same seed gives the same numbers")
  func advancesAndRepeats() {
    let first = WithRandomNumberGenerator(LCRNG(seed: 7))
    let second = WithRandomNumberGenerator(LCRNG(seed: 7))
    let a = (0..<5).map { _ in first { UInt64.random(in: 0...1_000, using: &$0) } }
    let b = (0..<5).map { _ in second { UInt64.random(in: 0...1_000, using: &$0) } }
    #expect(a == b)
    #expect(Set(a).count > 1)
  }

  @Test("a constant UUID generator gives the same UUID every time")
  func constantUUID() {
    let generator = UUIDGenerator.constant(UUID(1))
    #expect(generator() == UUID(1))
    #expect(generator() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
  }
}
