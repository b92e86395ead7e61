import Foundation

/// Photos since the last report (being written).
public struct PhotosSensor: SensorProvider {
  public let name = "photos"
  public let summary = "Photos taken since the previous report, from your picture folders"
  public let reach = SensorReach.local

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    throw SensorUnavailable("not built yet")
  }
}
