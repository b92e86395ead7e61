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

/// Random UUIDs (version 4), uppercase.
public struct RandomIDGenerator: IDGenerator {
  public init() {}

  public func makeID() -> String { Self.randomUUID().uuidString }

  /// A version-4 UUID from the system's generator (`getrandom` on Linux). Foundation's `UUID()`
  /// opens, reads and closes `/dev/urandom` for each one there: seven times for a report of
  /// seven answers, hundreds of thousands of times for an import.
  static func randomUUID() -> UUID {
    var generator = SystemRandomNumberGenerator()
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { buffer in
      buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
      buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
      // RFC 9562 §5.4: the version (4) in the high nibble of byte 6, the variant (0b10) in
      // the two high bits of byte 8.
      buffer[6] = buffer[6] & 0x0F | 0x40
      buffer[8] = buffer[8] & 0x3F | 0x80
    }
    return UUID(uuid: bytes)
  }
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
    identifier(tz: ProcessEnvironment.value("TZ"))
  }

  /// The zone identifier a process with these variables lives in (its `TZ`, else the system
  /// zone).
  public static func identifier(variables: [String: String]) -> String {
    identifier(tz: variables["TZ"])
  }

  private static func identifier(tz: String?) -> String {
    if var name = tz, !name.isEmpty {
      if name.hasPrefix(":") { name.removeFirst() }
      if TimeZone(identifier: name) != nil { return name }
    }
    return TimeZone.current.identifier
  }
}

/// What a run of Dispatch reads from the world besides its files: the clock, the source of new
/// IDs and the zone it lives in (docs/architecture.md#the-run-environment).
///
/// Made once by whoever starts the run (the command line from its process environment, a test
/// from fixed values) and handed to the store and to every workflow that stamps, names or
/// dates something, so no layer reads the machine's clock or zone on its own.
public struct RunEnvironment: Sendable {
  /// The clock that stamps new records.
  public var clock: any WallClock
  /// The source of new records' IDs.
  public var ids: any IDGenerator
  /// The identifier of the zone the run lives in, as the user named it (honours `TZ`).
  public var zoneIdentifier: String

  /// An environment of the given parts; the zone defaults to the system zone.
  public init(
    clock: any WallClock, ids: any IDGenerator = RandomIDGenerator(),
    zoneIdentifier: String = ZoneLookup.currentIdentifier
  ) {
    self.clock = clock
    self.ids = ids
    self.zoneIdentifier = zoneIdentifier
  }

  /// An environment whose clock always reads `now`: for tests, the demo and benchmarks.
  public init(
    now: Instant, ids: any IDGenerator = RandomIDGenerator(),
    zoneIdentifier: String = ZoneLookup.currentIdentifier
  ) {
    self.init(clock: FixedWallClock(now), ids: ids, zoneIdentifier: zoneIdentifier)
  }

  /// The environment of a process with these variables: `DISPATCH_NOW` pins the clock, `TZ`
  /// names the zone; IDs are random.
  public init(variables: [String: String]) {
    self.init(
      clock: SystemWallClock(environment: variables), ids: RandomIDGenerator(),
      zoneIdentifier: ZoneLookup.identifier(variables: variables))
  }

  /// This process's environment: the system clock (pinned by `DISPATCH_NOW`), random IDs and
  /// the system zone (honouring `TZ`).
  public static var current: RunEnvironment {
    RunEnvironment(clock: SystemWallClock(), ids: RandomIDGenerator())
  }

  /// The current instant.
  public func now() -> Instant { clock.now() }

  /// A fresh ID.
  public func makeID() -> String { ids.makeID() }

  /// The run's zone; the system zone when the identifier is not a known zone.
  public var zone: TimeZone { ZoneLookup.zone(zoneIdentifier) ?? .current }
}
