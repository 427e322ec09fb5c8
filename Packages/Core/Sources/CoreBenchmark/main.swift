import CoreDependencies
import CoreStore

// Sends 1,000,000 actions four ways and prints ns/action (median of several runs) and the
// ratio of each to (a). Run with `make benchmark` (a release build).

let actionCount = 1_000_000
let runs = 3

@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The median time per action of `runs` runs of `body`, in nanoseconds.
@MainActor
func measure(_ body: @MainActor () -> Void) -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<runs {
    let elapsed = clock.measure(body)
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(nanoseconds / Double(actionCount))
  }
  return samples.sorted()[runs / 2]
}

@MainActor
func main() {
  // (a) The same three-level reducer the stores run, called directly.
  let root = Level1()
  let direct = measure {
    var state = Level1.State()
    for _ in 0..<actionCount {
      blackHole(root.reduce(into: &state, action: leafActionFromRoot))
    }
    blackHole(state)
  }

  // (b) Through a root store.
  let rootStore = Store(initialState: Level1.State()) { Level1() }
  let throughRoot = measure {
    for _ in 0..<actionCount {
      rootStore.send(leafActionFromRoot)
    }
  }

  // (c) Through a store scoped three levels deep: the leaf's own store.
  let scopedStore =
    rootStore
    .scope(state: \.child, action: .level1Child)
    .scope(state: \.child, action: .level2Child)
    .scope(state: \.child, action: .level3Child)
  let throughScope = measure {
    for _ in 0..<actionCount {
      scopedStore.send(.increment)
    }
  }

  // (d) Into the top element of a 50-deep stack, through a root store.
  let stackStore = withDependencies {
    $0.stackElementID = StackElementIDGenerator()
  } operation: {
    var state = StackRoot.State()
    for _ in 0..<50 {
      state.path.append(Leaf.State())
    }
    return Store(initialState: state) { StackRoot() }
  }
  let topID = stackStore.state.path.ids.last!
  let intoStack = measure {
    for _ in 0..<actionCount {
      stackStore.send(.path(.element(id: topID, action: .increment)))
    }
  }

  let total = scopedStore.state.count + (stackStore.state.path.last?.count ?? 0)
  print("Core benchmark: \(actionCount) actions per run, median of \(runs) runs (release build)")
  print("| path | ns/action | ratio to (a) |")
  print("|---|---:|---:|")
  for (name, value) in [
    ("(a) reduce(into:action:) directly, 3 levels of Scope", direct),
    ("(b) root Store.send", throughRoot),
    ("(c) Store scoped 3 levels deep", throughScope),
    ("(d) element of a 50-deep stack, root Store.send", intoStack),
  ] {
    let ratio = value / direct
    print("| \(name) | \(String(format: value)) | \(String(format: ratio))x |")
  }
  print("(checksum \(total))")
}

extension String {
  fileprivate init(format value: Double) {
    let rounded = (value * 100).rounded() / 100
    self = "\(rounded)"
  }
}

MainActor.assumeIsolated { main() }
