import DispatchCore
import DispatchSupport
import Foundation

/// Which named place you are at, for the daemon's watch of arrivals and departures
/// (docs/daemon.md#arrivals-and-departures): the place whose Wi-Fi network is connected; else,
/// when some place has coordinates and GeoClue is installed, the place within 150 m of
/// GeoClue's fix.
///
/// GeoClue is asked at most every ``geoClueIntervalSeconds``: a fix can take a second and
/// wakes the Wi-Fi scan or the GPS, and a minute-by-minute watch needs neither. Its last answer
/// stands in between, and a fix that fails keeps the place it had (not knowing where you are is
/// not leaving).
public final class PlaceSighting {
  public static let geoClueIntervalSeconds: Int64 = 5 * 60

  /// How a place was recognised.
  public enum Source: String, Sendable {
    case wifi = "Wi-Fi"
    case geoClue = "GeoClue"
  }

  /// Where one look found you: a named place and how it was known, or nowhere named.
  public struct Sighting: Sendable, Equatable {
    public var place: String?
    public var source: Source?

    public init(place: String? = nil, source: Source? = nil) {
      self.place = place
      self.source = source
    }
  }

  private var lastFix: (at: Instant, place: String?)?

  public init() {}

  /// Looks once. `root` stands for `/` (tests), as for the sensors.
  public func look(
    places: [SensorPlace], commands: any SensorCommands, root: String = "", now: Instant
  ) -> Sighting {
    let machine = SensorEnvironment(
      root: root, home: NSHomeDirectory(), commands: commands, http: HTTPClient(), now: now,
      places: places)
    if let place = PlaceFinder.placeOnWiFi(machine) {
      lastFix = nil
      return Sighting(place: place.name, source: .wifi)
    }
    guard places.contains(where: { $0.latitude != nil && $0.longitude != nil }) else {
      return Sighting()
    }
    if let lastFix, now.milliseconds - lastFix.at.milliseconds < Self.geoClueIntervalSeconds * 1000
    {
      return Self.sighting(lastFix.place)
    }
    var place = lastFix?.place
    if let fix = try? GeoClue.fix(machine) {
      place = PlaceFinder.nearestPlace(to: fix, among: places)?.name
    }
    lastFix = (now, place)
    return Self.sighting(place)
  }

  private static func sighting(_ place: String?) -> Sighting {
    Sighting(place: place, source: place == nil ? nil : .geoClue)
  }
}
