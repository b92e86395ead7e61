import DispatchCore
import Foundation

/// What is playing (`media` in docs/sensors.md#the-sensors), from an MPRIS player: through
/// `playerctl`, or straight over the session bus with `busctl` when playerctl is not installed.
public struct MediaSensor: SensorProvider {
  public let name = "media"
  public let summary = "Now playing (title, artist, player) over MPRIS"
  public let reach = SensorReach.local

  static let format =
    "{{playerName}}\t{{status}}\t{{xesam:title}}\t{{xesam:artist}}\t{{xesam:album}}\t{{mpris:trackid}}"

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let commands = environment.commands
    let track: MediaTrack
    if commands.exists("playerctl") {
      track = try playerctl(commands)
    } else if commands.exists("busctl") {
      track = try MPRISBus.track(commands)
    } else {
      throw SensorUnavailable("neither playerctl nor busctl is installed")
    }
    var context = SensorContext()
    context.media = track.media
    return context
  }

  private func playerctl(_ commands: any SensorCommands) throws -> MediaTrack {
    let result = try commands.run("playerctl", ["metadata", "--format", Self.format], timeout: 1)
    if result.timedOut { throw SensorFailure("playerctl did not answer within 1 s") }
    // playerctl exits 1 with "No players found" when nothing plays.
    guard result.status == 0 else { throw SensorUnavailable("no media player is running") }
    let fields = result.text.components(separatedBy: "\t")
    guard fields.count >= 2 else { throw SensorFailure("playerctl printed no player") }
    func field(_ index: Int) -> String? {
      index < fields.count && !fields[index].isEmpty ? fields[index] : nil
    }
    return try MediaTrack(
      player: fields[0], status: fields[1], title: field(2), artist: field(3), album: field(4),
      trackID: field(5))
  }
}

/// One player's track, as MPRIS describes it.
struct MediaTrack {
  var media: MediaInfo

  /// - Throws: ``SensorUnavailable`` when the player is stopped with nothing loaded.
  init(
    player: String, status: String, title: String?, artist: String?, album: String?,
    trackID: String?
  ) throws {
    let state: Int
    switch status.lowercased() {
    case "playing": state = 1
    case "paused": state = 2
    default: state = 0
    }
    if state == 0 && title == nil { throw SensorUnavailable("nothing is playing") }
    let source = player.lowercased().hasPrefix("spotify") ? "spotify" : player.lowercased()
    media = MediaInfo(
      source: source, title: title, artist: artist, album: album, playbackState: state,
      spotifyTrackURI: source == "spotify" ? trackID.flatMap(Self.spotifyURI) : nil)
  }

  /// "spotify:track:ID" from Spotify's track ID, given as that URI or as an object path
  /// ending "/track/ID".
  static func spotifyURI(_ trackID: String) -> String? {
    if trackID.hasPrefix("spotify:track:") { return trackID }
    let parts = trackID.split(separator: "/")
    guard parts.count >= 2, parts[parts.count - 2] == "track" else { return nil }
    return "spotify:track:\(parts[parts.count - 1])"
  }
}

/// MPRIS over `busctl --user`: the first player on the session bus that is playing, else
/// the first one.
enum MPRISBus {
  static let prefix = "org.mpris.MediaPlayer2."
  static let objectPath = "/org/mpris/MediaPlayer2"
  static let interface = "org.mpris.MediaPlayer2.Player"

  static func track(_ commands: any SensorCommands) throws -> MediaTrack {
    let listing = try commands.run("busctl", ["--user", "list", "--no-legend"], timeout: 0.5)
    guard listing.status == 0 && !listing.timedOut else {
      throw SensorUnavailable("no D-Bus session bus answers busctl")
    }
    let names = listing.text.split(separator: "\n")
      .compactMap { $0.split(separator: " ").first.map(String.init) }
      .filter { $0.hasPrefix(prefix) }
    guard !names.isEmpty else { throw SensorUnavailable("no media player is running") }
    var tracks: [MediaTrack] = []
    for name in names {
      guard let track = try? read(name, commands) else { continue }
      if track.media.playbackState == 1 { return track }
      tracks.append(track)
    }
    guard let first = tracks.first else { throw SensorUnavailable("nothing is playing") }
    return first
  }

  private static func read(_ name: String, _ commands: any SensorCommands) throws -> MediaTrack {
    func property(_ property: String) throws -> Any? {
      let text = try commands.text(
        "busctl",
        ["--user", "--json=short", "get-property", name, objectPath, interface, property],
        timeout: 0.5)
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
      return (object as? [String: Any])?["data"]
    }
    let status = try property("PlaybackStatus") as? String ?? ""
    let metadata = try property("Metadata") as? [String: Any] ?? [:]
    func value(_ key: String) -> Any? { (metadata[key] as? [String: Any])?["data"] }
    func text(_ key: String) -> String? {
      if let list = value(key) as? [String] {
        return list.isEmpty ? nil : list.joined(separator: ", ")
      }
      return (value(key) as? String).flatMap { $0.isEmpty ? nil : $0 }
    }
    return try MediaTrack(
      player: String(name.dropFirst(prefix.count)).split(separator: ".").first.map(String.init)
        ?? name,
      status: status, title: text("xesam:title"), artist: text("xesam:artist"),
      album: text("xesam:album"), trackID: text("mpris:trackid"))
  }
}
