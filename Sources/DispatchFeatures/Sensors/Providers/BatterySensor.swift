import DispatchCore
import Foundation

/// The battery's charge from `/sys/class/power_supply` (`battery` in docs/sensors.md#the-sensors).
///
/// With several batteries (some laptops have two) the charge is their combined energy over
/// their combined capacity, or the mean of their percentages when energy is not reported.
/// Peripheral batteries (a mouse's, `scope` Device) do not count.
public struct BatterySensor: SensorProvider {
  public let name = "battery"
  public let summary = "Battery charge (0…1) from /sys/class/power_supply"
  public let reach = SensorReach.local

  static let folder = "/sys/class/power_supply"

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    guard let supplies = environment.systemEntries(Self.folder) else {
      throw SensorUnavailable("\(Self.folder) does not exist")
    }
    var energyNow = 0.0
    var energyFull = 0.0
    var percentages: [Double] = []
    for supply in supplies {
      let base = "\(Self.folder)/\(supply)"
      guard environment.systemText("\(base)/type") == "Battery",
        environment.systemText("\(base)/scope") != "Device",
        environment.systemText("\(base)/present") != "0"
      else { continue }
      if let capacity = environment.systemText("\(base)/capacity").flatMap(Double.init) {
        percentages.append(min(max(capacity, 0), 100) / 100)
      }
      let now = number(environment, base, "energy_now") ?? number(environment, base, "charge_now")
      let full =
        number(environment, base, "energy_full") ?? number(environment, base, "charge_full")
      if let now, let full, full > 0 {
        energyNow += now
        energyFull += full
      }
    }
    guard !percentages.isEmpty || energyFull > 0 else {
      throw SensorUnavailable("no battery in \(Self.folder)")
    }
    let charge =
      percentages.count > 1 && energyFull > 0
      ? energyNow / energyFull : percentages.reduce(0, +) / Double(percentages.count)
    var context = SensorContext()
    context.battery = (min(max(charge, 0), 1) * 1000).rounded() / 1000
    return context
  }

  private func number(_ environment: SensorEnvironment, _ base: String, _ file: String)
    -> Double?
  {
    environment.systemText("\(base)/\(file)").flatMap(Double.init)
  }
}
