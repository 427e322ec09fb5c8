import Foundation

extension DependencyValues {
  /// The calendar dates are read in: `.autoupdatingCurrent` live; a test that reads it
  /// without setting it is reported, as swift-dependencies does.
  ///
  /// ```swift
  /// @Dependency(\.calendar) var calendar
  /// let weekday = calendar.component(.weekday, from: now)
  /// ```
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale text is formatted for: `.autoupdatingCurrent` live; reported when a test
  /// reads it without setting it.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone dates are shown in: `.autoupdatingCurrent` live; reported when a test
  /// reads it without setting it.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
}
