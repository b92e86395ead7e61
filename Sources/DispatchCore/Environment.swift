import DispatchSupport
import Foundation

/// The source of the current time. Injected so behaviour is testable without waiting.
public protocol WallClock: Sendable {
  /// The current instant.
  func now() -> Instant
}

/// The machine's clock. `DISPATCH_NOW` (ISO-8601) pins it, for reproducible scripts and tests.
public struct SystemWallClock: WallClock {
  private let pinned: Instant?

  public init(environment: [String: String]) {
    pinned = Self.parse(environment["DISPATCH_NOW"])
  }

  /// The clock of this process's environment: reads the one variable, not all of them.
  public init() {
    pinned = Self.parse(ProcessEnvironment.value("DISPATCH_NOW"))
  }

  private static func parse(_ text: String?) -> Instant? {
    text.flatMap { Instant.parseISO8601($0)?.instant }
  }

  public func now() -> Instant {
    pinned ?? Instant(Date())
  }
}

/// A clock that always reads the same instant.
public struct FixedWallClock: WallClock {
  public let instant: Instant

  public init(_ instant: Instant) {
    self.instant = instant
  }

  public func now() -> Instant { instant }
}

/// Makes IDs for new records. Injected so tests and the demo get reproducible IDs.
public protocol IDGenerator: Sendable {
  /// A fresh ID.
  func makeID() -> String
}

/// Random UUIDs, uppercase.
public struct RandomIDGenerator: IDGenerator {
  public init() {}

  public func makeID() -> String { UUID().uuidString }
}

/// Time-zone lookups for instants.
public enum ZoneLookup {
  /// The zone for an identifier; fixed-offset names such as `GMT-0400` work too.
  public static func zone(_ identifier: String) -> TimeZone? {
    if let zone = TimeZone(identifier: identifier) { return zone }
    return TimeZone(abbreviation: identifier)
  }

  /// The offset in force in `identifier` at `instant`, or nil for an unknown zone.
  public static func offset(_ identifier: String, at instant: Instant) -> Int? {
    zone(identifier)?.secondsFromGMT(for: instant.date)
  }

  /// The system zone's identifier (honours `TZ`).
  ///
  /// Foundation reports `TZ=UTC` as "GMT"; the name the user chose is kept when it is valid.
  public static var currentIdentifier: String {
    if var name = ProcessEnvironment.value("TZ"), !name.isEmpty {
      if name.hasPrefix(":") { name.removeFirst() }
      if TimeZone(identifier: name) != nil { return name }
    }
    return TimeZone.current.identifier
  }
}
