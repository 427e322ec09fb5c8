extension TaskLocal {
  /// `withValue(_:operation:)` for a synchronous operation, without the run-time isolation
  /// check an actor-isolated closure gets when it is handed straight to the standard library.
  ///
  /// Swift adds that check (SE-0423) to an isolated closure passed to a function of a module
  /// built in Swift 5 mode, as the standard library is: about 150 instructions a call. Passed
  /// to this function, which Swift 6 mode checks, the closure's isolation is proven at compile
  /// time and it gets none. A store binds its dependencies for every action it reduces, and a
  /// test store's step binds them again for its assertion (Lab/README.md, "Store benchmark").
  @inlinable
  package func binding<Result>(_ value: Value, operation: () throws -> Result) rethrows -> Result {
    try withValue(value, operation: operation)
  }
}
