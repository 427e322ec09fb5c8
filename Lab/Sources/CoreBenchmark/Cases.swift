/// Every case of the benchmark, in the order of the report.
let benchmarkCases: [BenchmarkCase] = [
  BenchmarkCase(
    key: "a", title: "(a) reduce through 3 `Scope` levels", actionsPerRun: 1_000_000,
    makeFloor: { FloorReduce() }, makeCore: { CoreReduce() }),
  BenchmarkCase(
    key: "b", title: "(b) root store send", actionsPerRun: 1_000_000,
    makeFloor: { FloorRoot() }, makeCore: { CoreRoot() }),
  BenchmarkCase(
    key: "c", title: "(c) store scoped 3 deep", actionsPerRun: 1_000_000,
    makeFloor: { FloorScoped() }, makeCore: { CoreScoped() }),
  BenchmarkCase(
    key: "d", title: "(d) top element of a 50-deep stack", actionsPerRun: 1_000_000,
    makeFloor: { FloorStack() }, makeCore: { CoreStack() }),
  BenchmarkCase(
    key: "e1", title: "(e1) `.send` round trip", actionsPerRun: 1_000_000,
    makeFloor: { FloorEcho() }, makeCore: { CoreEcho(answersAsync: false) }),
  BenchmarkCase(
    key: "e2", title: "(e2) `.run` round trip", actionsPerRun: 20_000,
    countsInstructions: false,
    makeFloor: { FloorAsyncEcho() }, makeCore: { CoreEcho(answersAsync: true) }),
  BenchmarkCase(
    key: "f", title: "(f) `TestStore` send + assert", actionsPerRun: 100_000,
    makeFloor: { FloorTest() }, makeCore: { CoreTest() }),
]

/// Keeps `value` alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
