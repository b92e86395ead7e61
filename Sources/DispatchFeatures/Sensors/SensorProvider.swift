import DispatchCore
import Foundation

/// One source of a report's context (docs/sensors.md#the-sensors): battery, connectivity, a place,
/// the weather…
///
/// A provider reads its part of the moment and returns it as a ``SensorContext`` holding only
/// its own fields; the collector merges the parts. Providers run concurrently on threads of
/// their own and must not touch the store: everything they need from it is in the
/// ``SensorEnvironment``.
public protocol SensorProvider: Sendable {
  /// The name `dispatch sensors on|off` uses, e.g. "battery".
  var name: String { get }
  /// What it records, for `dispatch sensors list`.
  var summary: String { get }
  /// Where its reading comes from; decides whether it is on before the user chooses.
  var reach: SensorReach { get }

  /// Reads the moment.
  ///
  /// - Throws: ``SensorUnavailable`` when there is nothing to read here (no battery, no
  ///   tool, no place); any other error when reading failed.
  func read(_ environment: SensorEnvironment) throws -> SensorContext
}

/// What a sensor touches, which decides its default: local ones are on until turned off;
/// the network and the microphone stay off until the user turns them on.
public enum SensorReach: String, Sendable {
  /// Files under /sys and /proc, local programs.
  case local
  /// Sends a request off the machine (weather).
  case network
  /// Listens to the microphone for a second (ambient sound).
  case microphone

  /// Whether a sensor of this reach is on when the user has not chosen.
  public var isOnByDefault: Bool { self == .local }
}

/// Why a provider has nothing to record on this machine now: no battery, no tool installed,
/// no place known. Not a failure; `dispatch sensors test` shows the reason.
public struct SensorUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
  /// A lowercase phrase, e.g. "no battery in /sys/class/power_supply".
  public let reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}

/// A reading that went wrong: a tool failed, an answer could not be parsed.
public struct SensorFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// A lowercase phrase naming the tool or file, e.g. "playerctl exited with status 1".
  public let reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
