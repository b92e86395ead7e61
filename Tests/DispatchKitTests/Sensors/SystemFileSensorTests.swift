import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Battery, connectivity and device state read from /sys fixture trees.
struct BatterySensorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
  }

  private func battery(_ name: String, capacity: String, type: String = "Battery") throws {
    let base = "/sys/class/power_supply/\(name)"
    try tree.write("\(base)/type", type)
    try tree.write("\(base)/capacity", capacity)
    try tree.write("\(base)/status", "Discharging")
  }

  @Test func laptopOnBatteryRecordsItsCharge() throws {
    try battery("BAT0", capacity: "81")
    try tree.write("/sys/class/power_supply/AC/type", "Mains")
    try tree.write("/sys/class/power_supply/AC/online", "0")
    let context = try BatterySensor().read(tree.environment())
    #expect(context.battery == 0.81)
    #expect(context == SensorContext(battery: 0.81))
  }

  @Test func twoBatteriesCombineTheirEnergy() throws {
    try battery("BAT0", capacity: "100")
    try tree.write("/sys/class/power_supply/BAT0/energy_now", "20000000")
    try tree.write("/sys/class/power_supply/BAT0/energy_full", "20000000")
    try battery("BAT1", capacity: "20")
    try tree.write("/sys/class/power_supply/BAT1/energy_now", "12000000")
    try tree.write("/sys/class/power_supply/BAT1/energy_full", "60000000")
    // 32 Wh of 80 Wh, not the mean of 100 % and 20 %.
    #expect(try BatterySensor().read(tree.environment()).battery == 0.4)
  }

  @Test func desktopWithoutBatteryIsUnavailable() throws {
    try tree.write("/sys/class/power_supply/AC/type", "Mains")
    #expect(throws: SensorUnavailable("no battery in /sys/class/power_supply")) {
      try BatterySensor().read(tree.environment())
    }
  }

  @Test func aMouseBatteryIsNotTheMachines() throws {
    try battery("hidpp_battery_0", capacity: "55")
    try tree.write("/sys/class/power_supply/hidpp_battery_0/scope", "Device")
    #expect(throws: SensorUnavailable.self) { try BatterySensor().read(tree.environment()) }
  }

  @Test func noPowerSupplyFolderIsUnavailable() throws {
    #expect(throws: SensorUnavailable("/sys/class/power_supply does not exist")) {
      try BatterySensor().read(tree.environment())
    }
  }

  @Test func malformedAndOutOfRangeCapacities() throws {
    try battery("BAT0", capacity: "full")
    #expect(throws: SensorUnavailable.self) { try BatterySensor().read(tree.environment()) }
    try battery("BAT0", capacity: "104")
    #expect(try BatterySensor().read(tree.environment()).battery == 1)
  }
}

struct ConnectivitySensorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
    try interface("lo", state: "unknown", physical: false)
  }

  private func interface(
    _ name: String, state: String, physical: Bool = true, wireless: Bool = false,
    carrier: String? = nil
  ) throws {
    let base = "/sys/class/net/\(name)"
    try tree.write("\(base)/operstate", state)
    if physical { try tree.folder("\(base)/device") }
    if wireless { try tree.folder("\(base)/wireless") }
    if let carrier { try tree.write("\(base)/carrier", carrier) }
  }

  private func connection() throws -> ConnectionType? {
    try ConnectivitySensor().read(tree.environment()).connectionType
  }

  @Test func wifiWhenAWirelessInterfaceIsUp() throws {
    try interface("enp3s0", state: "down")
    try interface("wlp2s0", state: "up", wireless: true)
    #expect(try connection() == .wifi)
  }

  @Test func wifiWinsOverWired() throws {
    try interface("enp3s0", state: "up")
    try interface("wlp2s0", state: "up", wireless: true)
    #expect(try connection() == .wifi)
  }

  @Test func wiredWhenOnlyEthernetIsUp() throws {
    try interface("enp3s0", state: "up")
    try interface("wlp2s0", state: "dormant", wireless: true)
    #expect(try connection() == .wired)
  }

  @Test func offlineWhenNothingPhysicalIsUp() throws {
    try interface("enp3s0", state: "down")
    // Up, but virtual: a container bridge and a VPN tunnel are not a connection.
    try interface("docker0", state: "up", physical: false)
    try interface("tun0", state: "unknown", physical: false, carrier: "1")
    #expect(try connection() == ConnectionType.none)
  }

  @Test func unknownOperstateCountsWithACarrier() throws {
    try interface("eth0", state: "unknown", carrier: "1")
    #expect(try connection() == .wired)
    try interface("eth0", state: "unknown", carrier: "0")
    #expect(try connection() == ConnectionType.none)
  }

  @Test func noNetFolderIsUnavailableNotOffline() throws {
    let empty = try FixtureTree()
    #expect(throws: SensorUnavailable.self) { try ConnectivitySensor().read(empty.environment()) }
  }
}

struct DeviceSensorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
  }

  @Test func readsBacklightProfileStyleAndAudioRoute() throws {
    try tree.write("/sys/class/backlight/intel_backlight/brightness", "4800")
    try tree.write("/sys/class/backlight/intel_backlight/max_brightness", "19200")
    try tree.write("/sys/firmware/acpi/platform_profile", "low-power")
    let commands = FakeSensorCommands([
      "gsettings get org.gnome.desktop.interface color-scheme": .prints("'prefer-dark'\n"),
      "pactl get-default-sink": .prints("alsa_output.pci-0000_00_1f.3.analog-stereo\n"),
      "pactl list sinks": .prints(
        """
        Sink #0
        \tName: alsa_output.usb-headset.analog-stereo
        \tActive Port: analog-output-speaker
        Sink #1
        \tName: alsa_output.pci-0000_00_1f.3.analog-stereo
        \tActive Port: analog-output-headphones
        """),
    ])
    let state = try DeviceSensor().read(tree.environment(commands: commands)).deviceState
    #expect(
      state
        == DeviceState(
          isLowPowerMode: true, screenBrightness: 0.25, interfaceStyle: "dark",
          audioOutputRoute: "Headphones"))
  }

  @Test func powerProfilesDaemonWhenNoPlatformProfile() throws {
    let commands = FakeSensorCommands(["powerprofilesctl get": .prints("balanced\n")])
    let state = try DeviceSensor().read(tree.environment(commands: commands)).deviceState
    #expect(state == DeviceState(isLowPowerMode: false))
  }

  @Test func nothingReadableIsUnavailable() throws {
    let commands = FakeSensorCommands([
      "gsettings": .prints("No such schema", status: 1), "pactl": .hangs(),
    ])
    #expect(throws: SensorUnavailable.self) {
      try DeviceSensor().read(tree.environment(commands: commands))
    }
  }

  @Test func audioRoutesByPortAndSink() {
    #expect(
      AudioOutput.classify(sink: "bluez_output.AA_BB.1", port: "headset-output") == "Bluetooth")
    #expect(
      AudioOutput.classify(sink: "alsa_output.pci.hdmi-stereo", port: "hdmi-output-0") == "HDMI")
    #expect(
      AudioOutput.classify(sink: "alsa_output.pci.analog", port: "analog-output-speaker")
        == "Speaker")
    #expect(AudioOutput.classify(sink: "alsa_output.usb-DAC", port: nil) == "USB")
    #expect(AudioOutput.classify(sink: "null", port: nil) == nil)
  }

  @Test func brokenBacklightIsSkipped() throws {
    try tree.write("/sys/class/backlight/acpi_video0/brightness", "5")
    try tree.write("/sys/class/backlight/acpi_video0/max_brightness", "0")
    try tree.write("/sys/class/backlight/intel_backlight/brightness", "oops")
    #expect(DeviceSensor().brightness(tree.environment()) == nil)
  }
}

struct FocusSensorTests {
  @Test func recordsTheFocusOrItsAbsence() throws {
    let tree = try FixtureTree()
    var environment = tree.environment()
    #expect(
      try FocusSensor().read(environment).focus == FocusState(label: nil, isFocused: false))
    environment.focus = FocusFilter(
      name: "Deep work", allowedGroupIDs: [], pausesMainSchedule: true,
      since: Instant(milliseconds: 0))
    #expect(
      try FocusSensor().read(environment).focus == FocusState(label: "Deep work", isFocused: true))
  }
}
