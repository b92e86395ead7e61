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

/// Media, sound and places read through fake command-line clients.
struct MediaSensorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
  }

  private func read(_ scripts: [String: FakeSensorCommands.Script]) throws -> MediaInfo? {
    try MediaSensor().read(tree.environment(commands: FakeSensorCommands(scripts))).media
  }

  @Test func playerctlTrackWithSpotifyURI() throws {
    let line = "spotify\tPlaying\tHoppípolla\tSigur Rós\tTakk...\t/com/spotify/track/3ZEi8o0dDf"
    let media = try read(["playerctl": .prints(line + "\n")])
    #expect(
      media
        == MediaInfo(
          source: "spotify", title: "Hoppípolla", artist: "Sigur Rós", album: "Takk...",
          playbackState: 1, spotifyTrackURI: "spotify:track:3ZEi8o0dDf"))
  }

  @Test func otherPlayersKeepTheirNameAndPausedState() throws {
    let media = try read(["playerctl": .prints("vlc\tPaused\tLecture 4\t\t\t/org/videolan/1\n")])
    #expect(media == MediaInfo(source: "vlc", title: "Lecture 4", playbackState: 2))
  }

  @Test func noPlayerIsUnavailableAndAHangIsAFailure() throws {
    #expect(throws: SensorUnavailable("no media player is running")) {
      try read(["playerctl": .prints("", status: 1)])
    }
    #expect(throws: SensorFailure.self) { try read(["playerctl": .hangs()]) }
    #expect(throws: SensorUnavailable("nothing is playing")) {
      try read(["playerctl": .prints("mpv\tStopped\t\t\t\t\n")])
    }
  }

  @Test func busctlWhenPlayerctlIsMissing() throws {
    let bus = "busctl --user --json=short get-property"
    let path = "/org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player"
    let media = try read([
      "busctl --user list --no-legend": .prints(
        """
        :1.42 1234 gnome-shell user :1.42 user@1000.service - -
        org.mpris.MediaPlayer2.firefox.instance_1_84 2345 firefox user :1.50 - - -
        org.mpris.MediaPlayer2.rhythmbox 3456 rhythmbox user :1.51 - - -
        """),
      "\(bus) org.mpris.MediaPlayer2.firefox.instance_1_84 \(path) PlaybackStatus": .prints(
        #"{"type":"s","data":"Paused"}"#),
      "\(bus) org.mpris.MediaPlayer2.firefox.instance_1_84 \(path) Metadata": .prints(
        #"{"type":"a{sv}","data":{"xesam:title":{"type":"s","data":"A talk"}}}"#),
      "\(bus) org.mpris.MediaPlayer2.rhythmbox \(path) PlaybackStatus": .prints(
        #"{"type":"s","data":"Playing"}"#),
      "\(bus) org.mpris.MediaPlayer2.rhythmbox \(path) Metadata": .prints(
        #"{"type":"a{sv}","data":{"xesam:title":{"type":"s","data":"Teardrop"},"xesam:artist":{"type":"as","data":["Massive Attack"]},"xesam:album":{"type":"s","data":"Mezzanine"}}}"#
      ),
    ])
    // The playing player wins over the paused one listed first.
    #expect(
      media
        == MediaInfo(
          source: "rhythmbox", title: "Teardrop", artist: "Massive Attack", album: "Mezzanine",
          playbackState: 1))
  }

  @Test func noSessionBusIsUnavailable() throws {
    #expect(throws: SensorUnavailable.self) { try read(["busctl": .prints("", status: 1)]) }
    #expect(throws: SensorUnavailable.self) { try read([:]) }
  }
}

struct SoundSensorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
  }

  /// `count` samples of a sine of `amplitude` (0…1 of full scale), as s16le bytes.
  private func sine(amplitude: Double, count: Int = 16_000) -> [UInt8] {
    var bytes: [UInt8] = []
    for index in 0..<count {
      let value = Int16((amplitude * 32767 * sin(Double(index) * 2 * .pi / 40)).rounded())
      let bits = UInt16(bitPattern: value)
      bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8)]
    }
    return bytes
  }

  @Test func levelsOfAFullScaleSineAndSilence() {
    let full = SoundSensor.level(ofSamples: sine(amplitude: 1))
    // A sine's RMS is 1/√2 of its peak: −3.0 dBFS.
    #expect(full == AudioLevel(average: -3, peak: 0))
    let quiet = SoundSensor.level(ofSamples: sine(amplitude: 0.01))
    #expect(quiet == AudioLevel(average: -43, peak: -40))
    #expect(
      SoundSensor.level(ofSamples: [UInt8](repeating: 0, count: 400))
        == AudioLevel(average: -160, peak: -160))
    #expect(SoundSensor.level(ofSamples: [7]) == nil)
  }

  @Test func parecIsStoppedAtItsTimeAndItsSamplesCount() throws {
    let commands = FakeSensorCommands(["parec": .hangs(printing: sine(amplitude: 0.1))])
    let context = try SoundSensor().read(tree.environment(commands: commands))
    #expect(context.audio == AudioLevel(average: -23, peak: -20))
  }

  @Test func arecordWhenParecFails() throws {
    let commands = FakeSensorCommands([
      "parec": .prints("Connection failure", status: 1),
      "arecord": .bytes(sine(amplitude: 0.5)),
    ])
    let context = try SoundSensor().read(tree.environment(commands: commands))
    #expect(context.audio?.peak == -6)
    #expect(commands.ran.last?.hasPrefix("arecord -q -t raw -f S16_LE -c 1 -r 16000 -d 1") == true)
  }

  @Test func tooLittleSoundFailsAndNoRecorderIsUnavailable() throws {
    let short = FakeSensorCommands(["arecord": .bytes([0, 0, 1, 0])])
    #expect(throws: SensorFailure("arecord returned too little sound")) {
      try SoundSensor().read(tree.environment(commands: short))
    }
    #expect(throws: SensorUnavailable("neither parec nor arecord is installed")) {
      try SoundSensor().read(tree.environment())
    }
  }
}

struct PlaceFinderTests {
  let tree: FixtureTree
  let home = SensorPlace(name: "Home", ssid: "home:net", latitude: 52.52, longitude: 13.405)
  let office = SensorPlace(name: "Office", ssid: "corp", latitude: 52.5, longitude: 13.3)
  let gym = SensorPlace(name: "Gym")

  init() throws {
    tree = try FixtureTree()
  }

  private func locate(
    _ scripts: [String: FakeSensorCommands.Script], chosen: SensorPlace? = nil
  ) throws -> LocationSnapshot? {
    var environment = tree.environment(commands: FakeSensorCommands(scripts))
    environment.places = [home, office, gym]
    environment.chosenPlace = chosen
    return try LocationSensor().read(environment).location
  }

  @Test func aChosenPlaceWins() throws {
    let location = try locate(["nmcli": .prints("yes:corp\n")], chosen: gym)
    #expect(location?.placemark?.name == "Gym")
    #expect(location?.latitude == nil)
  }

  @Test func theConnectedNetworkNamesThePlace() throws {
    // nmcli escapes the ':' inside a network's name.
    let location = try locate(["nmcli": .prints("no:corp\nyes:home\\:net\n")])
    #expect(location?.placemark?.name == "Home")
    #expect(location?.latitude == 52.52)
    #expect(location?.longitude == 13.405)
    #expect(location?.timestamp == Instant(milliseconds: 1_772_618_400_000))
  }

  @Test func iwgetidWhenNetworkManagerIsMissing() throws {
    #expect(try locate(["iwgetid -r": .prints("corp\n")])?.placemark?.name == "Office")
  }

  @Test func geoclueFixTakesTheNameOfAPlaceNearby() throws {
    let output = """
      Client object: /org/freedesktop/GeoClue2/Client/1

      New location:
      Latitude:    52.520800°
      Longitude:   13.405500°
      Accuracy:    40.000000 meters
      Altitude:    34.000000 meters
      Description: WiFi
      """
    let location = try locate(["nmcli": .prints("yes:cafe\n"), "where-am-i": .prints(output)])
    #expect(location?.placemark?.name == "Home")
    #expect(location?.latitude == 52.5208)
    #expect(location?.horizontalAccuracy == 40)
    #expect(location?.altitude == 34)
  }

  @Test func aFarFixHasNoName() throws {
    let output = "Latitude: 48.8566°\nLongitude: 2.3522°\n"
    let location = try locate(["where-am-i": .prints(output)])
    #expect(location?.placemark == nil)
    #expect(location?.latitude == 48.8566)
  }

  @Test func nothingKnownIsUnavailableAndGarbageFails() throws {
    #expect(throws: SensorUnavailable.self) { try locate(["nmcli": .prints("yes:cafe\n")]) }
    #expect(throws: SensorFailure.self) {
      try locate(["where-am-i": .prints("Latitude: 95°\nLongitude: 2°\n")])
    }
    #expect(throws: SensorFailure.self) { try locate(["where-am-i": .hangs()]) }
  }

  @Test func nmcliFieldsUnescape() {
    #expect(NMCLIFields.split("yes:a\\:b\\\\c:") == ["yes", "a:b\\c", ""])
  }

  @Test func greatCircleDistance() {
    // Berlin to Paris is about 878 km.
    let metres = GreatCircle.metres(52.52, 13.405, 48.8566, 2.3522)
    #expect(abs(metres - 877_500) < 2_000)
  }
}
