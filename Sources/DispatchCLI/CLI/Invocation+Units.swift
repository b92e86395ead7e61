import DispatchCommandLine
import DispatchKit

extension Invocation {
  /// The units human output shows measures in: the `units` setting, else the locale's.
  func units(_ store: DispatchStore) throws -> UnitSystem {
    try ScheduleSettings.load(from: store).units(environment: environment)
  }
}
