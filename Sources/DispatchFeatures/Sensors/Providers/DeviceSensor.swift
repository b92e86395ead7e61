import DispatchCore
import Foundation

/// Screen and power state (`device` in docs/sensors.md#the-sensors): the backlight's brightness,
/// whether the power profile saves power, the desktop's light or dark style and the audio output in
/// use. Each part is read on its own; the ones that cannot be read stay empty.
public struct DeviceSensor: SensorProvider {
  public let name = "device"
  public let summary = "Screen brightness, power saver, light/dark style, audio output"
  public let reach = SensorReach.local

  /// Each program gets this long: four of them must fit well inside the deadline.
  static let commandTimeout = 0.4

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let state = DeviceState(
      isLowPowerMode: powerSaver(environment), screenBrightness: brightness(environment),
      interfaceStyle: style(environment), audioOutputRoute: AudioOutput.route(environment))
    guard !state.isEmpty else {
      throw SensorUnavailable(
        "no backlight, power profile, colour scheme or audio output could be read")
    }
    var context = SensorContext()
    context.deviceState = state
    return context
  }

  /// The first backlight's brightness over its maximum, 0…1 to two places.
  func brightness(_ environment: SensorEnvironment) -> Double? {
    let folder = "/sys/class/backlight"
    for device in environment.systemEntries(folder) ?? [] {
      guard
        let value = environment.systemText("\(folder)/\(device)/brightness").flatMap(Double.init),
        let maximum = environment.systemText("\(folder)/\(device)/max_brightness").flatMap(
          Double.init), maximum > 0
      else { continue }
      return (min(max(value / maximum, 0), 1) * 100).rounded() / 100
    }
    return nil
  }

  /// The ACPI platform profile, else power-profiles-daemon's.
  func powerSaver(_ environment: SensorEnvironment) -> Bool? {
    if let profile = environment.systemText("/sys/firmware/acpi/platform_profile") {
      return profile == "low-power" || profile == "quiet"
    }
    guard environment.commands.exists("powerprofilesctl"),
      let profile = try? environment.commands.text(
        "powerprofilesctl", ["get"], timeout: Self.commandTimeout)
    else { return nil }
    return profile == "power-saver"
  }

  /// GNOME's colour scheme (also set by other desktops through the same key).
  func style(_ environment: SensorEnvironment) -> String? {
    guard environment.commands.exists("gsettings"),
      let scheme = try? environment.commands.text(
        "gsettings", ["get", "org.gnome.desktop.interface", "color-scheme"],
        timeout: Self.commandTimeout)
    else { return nil }
    switch scheme.trimmingCharacters(in: ["'"]) {
    case "prefer-dark": return "dark"
    case "prefer-light", "default": return "light"
    default: return nil
    }
  }
}

/// The audio output in use, from the default sink's active port (`pactl`, which PipeWire
/// also answers).
package enum AudioOutput {
  static func route(_ environment: SensorEnvironment) -> String? {
    let commands = environment.commands
    guard commands.exists("pactl"),
      let sink = try? commands.text(
        "pactl", ["get-default-sink"], timeout: DeviceSensor.commandTimeout), !sink.isEmpty,
      let listing = try? commands.text(
        "pactl", ["list", "sinks"], timeout: DeviceSensor.commandTimeout)
    else { return nil }
    var inSink = false
    var port: String?
    for line in listing.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("Name:") {
        inSink = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces) == sink
      } else if inSink && trimmed.hasPrefix("Active Port:") {
        port = trimmed.dropFirst(12).trimmingCharacters(in: .whitespaces)
      }
    }
    return classify(sink: sink, port: port)
  }

  /// A route name in Dispatch's words ("Speaker", "Headphones", …).
  static func classify(sink: String, port: String?) -> String? {
    let sink = sink.lowercased()
    let port = port?.lowercased() ?? ""
    if sink.contains("bluez") { return "Bluetooth" }
    if port.contains("headphone") { return "Headphones" }
    if port.contains("headset") { return "Headset" }
    if port.contains("hdmi") || sink.contains("hdmi") { return "HDMI" }
    if sink.contains("usb") { return "USB" }
    if port.contains("speaker") || port.contains("lineout") || port.contains("analog-output") {
      return "Speaker"
    }
    return nil
  }
}
