extension Result: CasePathable {
  /// The case paths of a result, so a case key path reaches into one as TCA's does:
  /// `store.receive(\.loginResponse.success)`, `\.response.failure`.
  public struct AllCasePaths: Sendable {
    /// `.success(value)`.
    public var success: CasePath<Result, Success> {
      CasePath(
        { .success($0) },
        extract: { if case .success(let value) = $0 { value } else { nil } })
    }

    /// `.failure(error)`.
    public var failure: CasePath<Result, Failure> {
      CasePath(
        { .failure($0) },
        extract: { if case .failure(let error) = $0 { error } else { nil } })
    }
  }

  /// The case paths of `.success` and `.failure`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
