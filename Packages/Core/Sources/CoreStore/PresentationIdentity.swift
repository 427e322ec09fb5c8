import CoreDependencies

/// What makes two presented values the same presentation, as TCA's navigation id: their type,
/// the case of an enum (all the way down through enums of enums), and the `id` of an
/// `Identifiable` value on the way. Two values of a case without an `Identifiable` payload
/// are the same presentation whatever their fields. An alert or a dialog (`EphemeralState`) is
/// a new presentation every time it is assigned, as TCA's, whose alerts carry a new id each.
///
/// ```swift
/// PresentationIdentity(of: Destination.State.detail(.init(id: 1))) ==
///   PresentationIdentity(of: Destination.State.detail(.init(id: 1, title: "new")))  // true
/// ```
struct PresentationIdentity: Hashable {
  private var parts: [AnyHashable] = []

  init(of value: Any) {
    var current = value
    while true {
      parts.append(ObjectIdentifier(type(of: current)))
      if current is any EphemeralState {
        parts.append(ephemeralPresentations.next())
        return
      }
      if let identifiable = current as? any Identifiable {
        parts.append(Self.id(of: identifiable))
      }
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum else { return }
      guard let payload = mirror.children.first else {
        // A case without a value: its name is all there is.
        parts.append("\(current)")
        return
      }
      parts.append(payload.label ?? "")
      current = payload.value
    }
  }

  private static func id<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
  }
}

/// Counts alerts and dialogs assigned, so each is a presentation of its own.
private let ephemeralPresentations = LockedCounter()
