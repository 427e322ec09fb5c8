extension Result where Failure == any Error {
  /// The outcome of an async throwing operation: `await Result { try await client.login() }`.
  /// swift-concurrency-extras' spelling, which swift-dependencies (and so TCA) re-exports.
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
