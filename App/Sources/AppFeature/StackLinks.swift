import CoreRouting
import CoreStore

extension ScreenStack.State {
  /// This stack as a link: its root's name (a tab's name), then a segment per pushed screen
  /// (the route that opened it, with its values) and per destination a screen shows inside
  /// itself: `items/3/hoge?name=Tea`.
  public var link: NavigationLink {
    var segments = [LinkSegment(root.screenName)] + root.innerLinkSegments
    var below = root
    for screen in path {
      segments.append(screen.linkSegment(below: below))
      segments += screen.innerLinkSegments
      below = screen
    }
    return NavigationLink(segments)
  }

  /// The stack `segments` name over a fresh `root` (the segments after the root's own), built
  /// as far as they go: each segment is a route of the screen on top, pushed, or else a
  /// destination that screen opens inside itself. A segment that cannot be opened ends the
  /// building: the stack so far comes back with why (naming the segment's place in `link`), as
  /// a `refusal`; or, when the stack is full (``ScreenStack/maximumDepth``), as a `cut`, the one
  /// promise every path keeps (`open`, `--open`, a saved session): the screens up to it open,
  /// and ``cutNotice(_:)`` says where.
  public static func opening(
    _ segments: ArraySlice<LinkSegment>, over root: AppRouter.Path.State, hasAppeared: Bool,
    link: NavigationLink
  ) -> (stack: Self, refusal: String?, cut: String?) {
    var stack = Self(root: root, hasAppeared: hasAppeared)
    for (index, segment) in zip(segments.indices, segments) {
      do throws(NavigationLinkError) {
        try stack.follow(segment)
      } catch {
        let why = "Cannot open \(Self.place(index, in: link)): \(error)"
        if case .tooDeep = error { return (stack, nil, why) }
        return (stack, why, nil)
      }
    }
    return (stack, nil, nil)
  }

  /// What a person is told when a link names more screens than a stack holds, whichever way
  /// the link came: where it was cut, and that the screens before it are open.
  public static func cutNotice(_ cut: String) -> String {
    cut + " The screens before it are open."
  }

  /// The link up to the segment at `index`, for a message: whole while it is short, else its
  /// first segments and the one that failed.
  private static func place(_ index: Int, in link: NavigationLink) -> String {
    let upTo = Array(link.segments[...index])
    guard upTo.count > 6 else { return NavigationLink(upTo).description }
    let first = NavigationLink(Array(upTo.prefix(3))).description
    return "\(first)/…/\(upTo.last!) (segment \(upTo.count))"
  }

  /// Follows one segment on top of this stack: a route of the top screen, pushed as
  /// ``decide(_:signedIn:)`` says a push is, or else what the top screen opens inside itself.
  private mutating func follow(_ segment: LinkSegment) throws(NavigationLinkError) {
    if let screen = try top.screen(after: segment) {
      // A link opens over a tab's root, where somebody is signed in.
      switch decide(.push(screen), signedIn: true) {
      case .push(let pushed):
        path.append(pushed)
      case .refuse(.stackFull(let most)):
        // Cut where a stack is full: a link (a saved session, say) of any length costs no
        // more than a full stack.
        throw .tooDeep(most)
      case .showTab, .close, .refuse, .notSignedIn, .signOut:
        // Anything but a push names a tab's root, which a link starts with, never pushes.
        throw .tabInside(segment.name)
      }
      return
    }
    var screen = top
    do throws(NavigationLinkError) {
      try screen.openInside(segment)
    } catch .cannotOpen {
      throw .cannotOpen(top.title, segment.name, top.linkChoices)
    }
    if let id = path.ids.last {
      path[id: id] = screen
    } else {
      root = screen
    }
  }
}

extension AppRouter.Tabs {
  /// The tab a link names, and the link's segments after the tab's own: the first segment
  /// when it names a tab, else the first tab, where the whole link starts. A tab
  /// takes no values: `items?name=Ann` is refused.
  public static func split(_ link: NavigationLink) throws(NavigationLinkError) -> (
    tab: Self, rest: ArraySlice<LinkSegment>
  ) {
    guard let first = link.segments.first, let tab = Self(rawValue: first.name) else {
      return (allCases.first!, link.segments[...])
    }
    guard first.values.isEmpty else { throw .tabWithValues(tab.rawValue) }
    return (tab, link.segments.dropFirst())
  }
}
