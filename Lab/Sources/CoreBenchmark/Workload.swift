/// One side of a benchmark case, set up once: `run(_:)` performs `count` actions.
@MainActor
protocol Workload: AnyObject {
  /// Performs `count` actions (each one action of the case: a send, a step, a round trip).
  func run(_ count: Int) async
  /// A number derived from the final state, printed so no work can be optimised away, and
  /// checked: it must equal the number of actions performed.
  var checksum: Int { get }
}

/// A case of the benchmark: the same job done by plain Swift (the floor) and through Core.
struct BenchmarkCase: Sendable {
  /// The short name used on the command line: `a`, `b`, … `f`.
  let key: String
  /// What the case measures, as the report's row title.
  let title: String
  /// How many actions one timed run performs.
  let actionsPerRun: Int
  /// Whether callgrind can count it. Valgrind 3.19 dies of an internal SIGSEGV as soon as an
  /// effect hops to the cooperative thread pool and back, so (e2) is timed only.
  var countsInstructions = true
  let makeFloor: @MainActor @Sendable () -> any Workload
  let makeCore: @MainActor @Sendable () -> any Workload

  /// The workload of one side.
  @MainActor
  func make(_ side: Side) -> any Workload {
    switch side {
    case .floor: makeFloor()
    case .core: makeCore()
    }
  }
}

/// Which implementation of a case runs.
enum Side: String, CaseIterable, Sendable {
  case floor, core
}
