import DispatchCore
import Foundation

/// The Dispatch focus in force (`focus` in docs/sensors.md#the-sensors): its name while one is on;
/// not focused otherwise, so a query can tell "no focus" from "not recorded".
public struct FocusSensor: SensorProvider {
  public let name = "focus"
  public let summary = "The Dispatch focus in force ('dispatch focus')"
  public let reach = SensorReach.local

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    var context = SensorContext()
    if let focus = environment.focus {
      context.focus = FocusState(label: focus.name, isFocused: true)
    } else {
      context.focus = FocusState(label: nil, isFocused: false)
    }
    return context
  }
}
