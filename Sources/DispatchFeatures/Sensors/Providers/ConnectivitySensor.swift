import DispatchCore
import Foundation

/// The kind of network the machine is on, from `/sys/class/net` (`connectivity` in
/// docs/sensors.md#the-sensors): Wi-Fi when a wireless interface is up, else wired when a physical
/// one is, else none. Virtual interfaces (loopback, bridges, VPN tunnels, containers) have no
/// `device` link and do not count. The network's name is never recorded; places use it
/// (``WiFiNetwork``).
public struct ConnectivitySensor: SensorProvider {
  public let name = "connectivity"
  public let summary = "Wi-Fi, wired or none, from /sys/class/net"
  public let reach = SensorReach.local

  static let folder = "/sys/class/net"

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    guard let interfaces = environment.systemEntries(Self.folder) else {
      throw SensorUnavailable("\(Self.folder) does not exist")
    }
    var kind = ConnectionType.none
    for interface in interfaces {
      let base = "\(Self.folder)/\(interface)"
      // fileExists follows the symbolic links /sys is made of.
      let exists = { (file: String) in
        FileManager.default.fileExists(atPath: environment.system("\(base)/\(file)"))
      }
      guard exists("device"), isUp(environment, base) else { continue }
      let wireless = exists("wireless") || exists("phy80211")
      if wireless {
        kind = .wifi
        break
      }
      kind = .wired
    }
    var context = SensorContext()
    context.connection = kind.rawValue
    return context
  }

  /// Up with a carrier: `operstate` "up", or "unknown" (some drivers) with `carrier` 1.
  private func isUp(_ environment: SensorEnvironment, _ base: String) -> Bool {
    switch environment.systemText("\(base)/operstate") {
    case "up": return true
    case "unknown": return environment.systemText("\(base)/carrier") == "1"
    default: return false
    }
  }
}
