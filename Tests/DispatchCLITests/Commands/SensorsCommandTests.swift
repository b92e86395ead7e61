import Foundation
import Testing

/// `dispatch sensors …` and the context `report` records, on a fixture machine: a /sys tree
/// under `DISPATCH_SENSOR_ROOT` and scripts standing in for the programs on
/// `DISPATCH_SENSOR_PATH`.
@Suite("sensors")
struct SensorsCommandTests {
  private struct Report: Decodable {
    struct Context: Decodable {
      struct Place: Decodable {
        var name: String?
        var latitude: Double?
      }
      var battery: Double?
      var connection: String?
      var location: Place?
      var focus: String?
      var media: [String: String]?
    }
    var context: Context?
  }

  private struct Outcome: Decodable {
    var name: String
    var state: String
    var reason: String?
  }

  private struct Outcomes: Decodable {
    var sensors: [Outcome]
  }

  private struct Listing: Decodable {
    struct Sensor: Decodable {
      var name: String
      var on: Bool
    }
    var sensors: [Sensor]
  }

  private func laptop() throws -> CLISandbox {
    let cli = try CLISandbox()
    let machine = cli.path("machine")
    try write(machine + "/sys/class/power_supply/BAT0/type", "Battery")
    try write(machine + "/sys/class/power_supply/BAT0/capacity", "58")
    try write(machine + "/sys/class/net/wlan0/operstate", "up")
    for folder in ["device", "wireless"] {
      try FileManager.default.createDirectory(
        atPath: machine + "/sys/class/net/wlan0/" + folder, withIntermediateDirectories: true)
    }
    try program(cli, "nmcli", "echo 'yes:homenet'")
    return cli
  }

  private func write(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  private func program(_ cli: CLISandbox, _ name: String, _ body: String) throws {
    let path = cli.path("machine/bin/" + name)
    try write(path, "#!/bin/sh\n" + body)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  @Test func listShowsDefaultsAndTogglesPersist() throws {
    let cli = try CLISandbox()
    let list = try cli.succeed(["sensors"]).stdoutLines
    #expect(list.first?.hasPrefix("battery       on ") == true)
    #expect(list.contains { $0.hasPrefix("weather       off") && $0.hasSuffix("[network]") })
    #expect(list.contains { $0.hasPrefix("sound         off") && $0.hasSuffix("[microphone]") })
    let turnedOn = try cli.succeed(["sensors", "on", "weather", "SOUND"]).stdout
    #expect(turnedOn.hasPrefix("weather, sound are on."))
    #expect(turnedOn.contains("coordinates"))
    try cli.succeed(["sensors", "off", "media"])
    let listing = try cli.succeed(["sensors", "list", "--json"]).json(Listing.self)
    let on = Dictionary(listing.sensors.map { ($0.name, $0.on) }, uniquingKeysWith: { a, _ in a })
    #expect(on["weather"] == true && on["sound"] == true && on["media"] == false)
    #expect(on["battery"] == true && on.count == 9)
  }

  @Test func badNamesAndSettingsAreUsageErrors() throws {
    let cli = try CLISandbox()
    try cli.fail(["sensors", "on", "wether"], status: 64, message: "did you mean 'weather'?")
    try cli.fail(["sensors", "on"], status: 64, message: "missing argument NAME")
    try cli.fail(["sensors", "set", "deadline", "0"], status: 64, message: "0.1 to 10")
    try cli.fail(["sensors", "set", "weather-url", "ftp://x"], status: 64, message: "http")
    try cli.fail(["sensors", "set", "colour", "red"], status: 64, message: "not a sensor setting")
    try cli.fail(["sensors", "test", "radar"], status: 64, message: "'radar' is not a sensor")
    try cli.succeed(["sensors", "set", "deadline", "1.5"])
    try cli.succeed(["sensors", "set", "photo-folders", "~/Pictures:~/Camera"])
    let lines = try cli.succeed(["sensors"]).stdoutLines
    #expect(
      lines.last == "Deadline 1.5 s · weather from https://api.open-meteo.com · "
        + "photos in ~/Pictures:~/Camera")
  }

  @Test func placesAddListRemoveAndRefuseBadCoordinates() throws {
    let cli = try CLISandbox()
    #expect(try cli.succeed(["sensors", "places"]).stdout.hasPrefix("No places yet."))
    try cli.succeed([
      "sensors", "places", "add", "Home", "--ssid", "homenet", "--latitude", "52.52",
      "--longitude", "13.405",
    ])
    try cli.succeed(["sensors", "places", "add", "Gym"])
    #expect(
      try cli.succeed(["sensors", "places"]).stdoutLines
        == ["Gym (chosen by name)", "Home: Wi-Fi 'homenet', at 52.52, 13.405"])
    try cli.fail(
      ["sensors", "places", "add", "Pole", "--latitude", "91", "--longitude", "0"], status: 65,
      message: "not within -90…90")
    try cli.fail(
      ["sensors", "places", "add", "Half", "--latitude", "abc"], status: 64,
      message: "expected a number")
    try cli.fail(
      ["sensors", "places", "add", "Cafe", "--ssid", "homenet"], status: 65,
      message: "already means 'Home'")
    try cli.succeed(["sensors", "places", "remove", "gym"])
    try cli.fail(["sensors", "places", "remove", "Gym"], status: 64, message: "no place is named")
  }

  @Test func hereNamesThePlaceByTheConnectedNetwork() throws {
    let cli = try laptop()
    let saved = try cli.succeed(["sensors", "places", "add", "Home", "--here"]).stdout
    #expect(saved == "Place 'Home' is saved (Wi-Fi 'homenet').\n")
    try cli.fail(
      ["sensors", "places", "add", "Home", "--here", "--ssid", "x"], status: 64,
      message: "not both")
    let offline = try CLISandbox()
    try offline.fail(
      ["sensors", "places", "add", "Home", "--here"], status: 75,
      message: "no connected Wi-Fi network")
  }

  @Test func testShowsEachReadingAndWhyOthersHaveNone() throws {
    let cli = try laptop()
    let lines = try cli.succeed(["sensors", "test"]).stdoutLines
    #expect(lines.contains { $0.hasPrefix("battery       Battery: 58%") })
    #expect(lines.contains { $0.hasPrefix("connectivity  Connection: Wi-Fi") })
    #expect(
      lines.contains { $0.hasPrefix("media         unavailable: neither playerctl nor busctl") })
    #expect(lines.contains { $0.hasPrefix("weather       off (turn on with 'dispatch sensors on") })
    #expect(lines.last?.hasPrefix("Wi-Fi network: homenet (names places, never recorded") == true)
    let outcomes = try cli.succeed(["sensors", "test", "battery", "location", "--json"])
      .json(Outcomes.self).sensors
    #expect(outcomes.map(\.name) == ["battery", "location"])
    #expect(outcomes.map(\.state) == ["recorded", "unavailable"])
    #expect(outcomes.last?.reason?.hasPrefix("no named place has a Wi-Fi network") == true)
  }

  @Test func reportRecordsTheMachinesContextAndThePlace() throws {
    let cli = try laptop()
    try cli.succeed(["sensors", "places", "add", "Home", "--ssid", "homenet"])
    try cli.succeed(["sensors", "places", "add", "Gym"])
    let filed = try cli.succeed(["report", "-a", "Are you working?=no", "--json"])
      .json(Report.self)
    #expect(filed.context?.battery == 0.58)
    #expect(filed.context?.connection == "Wi-Fi")
    #expect(filed.context?.location?.name == "Home")
    // Not focused: the command line's JSON names a focus only while one is on.
    #expect(filed.context?.focus == nil)
    try cli.succeed(["focus", "on", "Deep work"])
    let focused = try cli.succeed(["answer", "yes", "--json"]).json(Report.self)
    #expect(focused.context?.focus == "Deep work")
    let chosen = try cli.succeed([
      "report", "-a", "Are you working?=yes", "--place", "gym", "--json",
    ]).json(Report.self)
    #expect(chosen.context?.location?.name == "Gym")
    let bare = try cli.succeed(["answer", "no", "--no-sensors", "--json"]).json(Report.self)
    #expect(bare.context?.battery == nil && bare.context?.location == nil)
    try cli.fail(
      ["report", "-a", "Are you working?=no", "--place", "Moon"], status: 64,
      message: "no place is named 'Moon'")
    try cli.fail(
      ["report", "-a", "Are you working?=no", "--place", "Gym", "--no-sensors"], status: 64,
      message: "pick one")
  }

  @Test func aHungSensorDoesNotHoldTheReportBeyondTheDeadline() throws {
    let cli = try laptop()
    try program(cli, "playerctl", "exec sleep 30")
    try cli.succeed(["sensors", "set", "deadline", "0.5"])
    let started = Date()
    let filed = try cli.succeed(["report", "-a", "Are you working?=no", "--json"])
      .json(Report.self)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(filed.context?.battery == 0.58)
    #expect(filed.context?.media == nil)
    let diagnostics = try cli.succeed(["diagnostics"]).stdout
    #expect(diagnostics.contains("sensors — media timed out"))
  }
}
