#if !canImport(SwiftUI)
  /// SwiftUI's `Animation`, where there is no SwiftUI: a value that names how a change would
  /// animate, so TCA code that says `send(.loaded, animation: .default)` compiles unchanged. A
  /// terminal does not animate: the action is sent as without one.
  public struct Animation: Hashable, Sendable {
    private let name: String

    private init(_ name: String) {
      self.name = name
    }

    /// The platform's default animation.
    public static let `default` = Animation("default")
    /// Linear.
    public static let linear = Animation("linear")
    /// Ease in.
    public static let easeIn = Animation("easeIn")
    /// Ease out.
    public static let easeOut = Animation("easeOut")
    /// Ease in and out.
    public static let easeInOut = Animation("easeInOut")
    /// A spring.
    public static let spring = Animation("spring")
    /// A bouncy spring.
    public static let bouncy = Animation("bouncy")
    /// A smooth spring.
    public static let smooth = Animation("smooth")
    /// A snappy spring.
    public static let snappy = Animation("snappy")

    /// Linear, over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation("linear(\(duration))") }
    /// Ease in and out, over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation {
      Animation("easeInOut(\(duration))")
    }
    /// A spring with these parameters.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation {
      Animation("spring(\(response), \(dampingFraction), \(blendDuration))")
    }
    /// A spring with this stiffness and damping.
    public static func interpolatingSpring(stiffness: Double, damping: Double) -> Animation {
      Animation("interpolatingSpring(\(stiffness), \(damping))")
    }
  }

  extension Send {
    /// Sends `action` from an effect; `animation` is SwiftUI's and changes nothing here.
    @MainActor
    public func callAsFunction(_ action: Action, animation: Animation?) {
      callAsFunction(action)
    }
  }

  extension ButtonStateAction {
    /// A button that sends `action`; `animation` is SwiftUI's and changes nothing here.
    public static func send(_ action: Action?, animation: Animation?) -> ButtonStateAction {
      send(action)
    }
  }

  extension Store {
    /// Sends `action`; `animation` is SwiftUI's and changes nothing here.
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      send(action)
    }
  }
#endif
