import CoreDependencies
import Testing

/// A dependency whose default value reads another dependency, as swift-dependencies'
/// resolution tests write it. Core resolves the inner `@Dependency` each time the default's
/// closures run, in the values current then (ARCHITECTURE.md's "Differences from TCA": a
/// default that reads another dependency); swift-dependencies captures what was current
/// where the value was first built or where the reading model was made.
@Suite("A dependency that reads another")
struct DependencyResolutionTests {
  @Test("an override of the inner dependency reaches the outer one's default where it is made")
  func overrideReachesTheDefault() {
    @Dependency(\.resolutionParent) var parent
    @Dependency(\.resolutionChild) var child
    #expect(parent.value() == 1729)
    withDependencies {
      $0.resolutionChild.value = { 42 }
    } operation: {
      #expect(parent.value() == 42)
      #expect(child.value() == 42)
    }
    withDependencies {
      $0.resolutionParent.value = { 7 }
    } operation: {
      #expect(parent.value() == 7)
      #expect(child.value() == 1729)
    }
  }

  @Test("a model made inside withDependencies reads the values current where it is read")
  func modelReadsWhereItIsRead() {
    struct Model {
      @Dependency(\.resolutionParent) var parent
      @Dependency(\.resolutionChild) var child
    }
    let model = withDependencies {
      $0.resolutionChild.value = { 1 }
    } operation: {
      Model()
    }
    // swift-dependencies: 1 and 1 (the model keeps what was current when it was made).
    #expect(model.parent.value() == 1729)
    #expect(model.child.value() == 1729)
    withDependencies {
      $0.resolutionChild.value = { 42 }
    } operation: {
      #expect(model.parent.value() == 42)
      #expect(model.child.value() == 42)
    }
  }
}

private struct ResolutionParent: TestDependencyKey {
  var value: @Sendable () -> Int
  static var testValue: ResolutionParent {
    @Dependency(\.resolutionChild) var child
    return ResolutionParent { child.value() }
  }
}

private struct ResolutionChild: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = ResolutionChild { 1729 }
}

extension DependencyValues {
  fileprivate var resolutionParent: ResolutionParent {
    get { self[ResolutionParent.self] }
    set { self[ResolutionParent.self] = newValue }
  }
  fileprivate var resolutionChild: ResolutionChild {
    get { self[ResolutionChild.self] }
    set { self[ResolutionChild.self] = newValue }
  }
}
