/// Runs `operation` with some dependencies overridden; everything it starts inherits them.
/// A value read inside `update` (to change one of its fields) is not reported, as in
/// swift-dependencies: `$0.apiClient.fetch = { 1 }` works for a client with only a live value.
///
/// ```swift
/// let id = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   makeItem().id
/// }
/// ```
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try DependencyValues.update(&values, with: update)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs an async `operation` with some dependencies overridden.
///
/// ```swift
/// let items = try await withDependencies {
///   $0.context = .preview
/// } operation: {
///   try await ItemsClient.previewValue.load()
/// }
/// ```
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try DependencyValues.update(&values, with: update)
  return try await DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs `operation` with the dependencies of `model`, updated by `update`: how
/// swift-dependencies lets a model make a child that shares its values.
///
/// Core's `@Dependency` resolves where it is read (see ARCHITECTURE, "Differences from TCA"),
/// so the values a model sees are the ones current where it runs: call this where `model`
/// is used and the child is made in the same scope, as swift-dependencies' users do.
///
/// ```swift
/// let child = withDependencies(from: self) { $0.uuid = .incrementing } operation: {
///   ChildModel()
/// }
/// ```
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void = { _ in },
  operation: () throws -> Result
) rethrows -> Result {
  try withDependencies(update, operation: operation)
}
