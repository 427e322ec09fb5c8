extension AsyncStream {
  /// A stream that ends at once: a client's stream in a test that expects nothing from it.
  /// swift-concurrency-extras' spelling, which TCA re-exports.
  public static var finished: Self {
    Self { $0.finish() }
  }

  /// A stream that never yields and never ends unless its task is cancelled.
  public static var never: Self {
    Self { _ in }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that ends at once, with `error` if one is given. swift-concurrency-extras'
  /// spelling, which TCA re-exports.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }

  /// A stream that never yields and never ends unless its task is cancelled.
  public static var never: Self {
    Self { _ in }
  }
}
