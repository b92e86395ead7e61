/// The sensor context captured with a report (docs/sensors.md#sensor-context; v2 field names,
/// docs/formats/dispatch-v2.md#context-fields).
public struct SensorContext: Sendable, Equatable {
  /// Battery charge, 0…1.
  public var battery: Double?
  /// The raw connection value; unknown raws are kept (see ``ConnectionType``).
  public var connection: Int?
  public var altitudeMeters: Double?
  public var audio: AudioLevel?
  @Boxed public var location: LocationSnapshot?
  @Boxed public var weather: WeatherObservation?
  public var photos: [Photo]
  public var health: [HealthReading]
  public var focus: FocusState?
  @Boxed public var media: MediaInfo?
  @Boxed public var deviceState: DeviceState?
  @Boxed public var motion: MotionState?
  public var stateOfMindSampleIDs: [String]

  public init(
    battery: Double? = nil, connection: Int? = nil, altitudeMeters: Double? = nil,
    audio: AudioLevel? = nil, location: LocationSnapshot? = nil,
    weather: WeatherObservation? = nil, photos: [Photo] = [], health: [HealthReading] = [],
    focus: FocusState? = nil, media: MediaInfo? = nil, deviceState: DeviceState? = nil,
    motion: MotionState? = nil, stateOfMindSampleIDs: [String] = []
  ) {
    self.battery = battery
    self.connection = connection
    self.altitudeMeters = altitudeMeters
    self.audio = audio
    self.location = location
    self.weather = weather
    self.photos = photos
    self.health = health
    self.focus = focus
    self.media = media
    self.deviceState = deviceState
    self.motion = motion
    self.stateOfMindSampleIDs = stateOfMindSampleIDs
  }

  /// The connection as a known type, when its raw value is known.
  public var connectionType: ConnectionType? {
    connection.flatMap(ConnectionType.init(rawValue:))
  }
}

/// Network connection kinds with Dispatch's raw values; 0–2 are Reporter's.
public enum ConnectionType: Int, CaseIterable, Sendable {
  case cellular = 0
  case wifi = 1
  case none = 2
  case wired = 3
  case cellular5G = 4
  case cellularLTE = 5
  case cellular3G = 6
  case cellular2G = 7
  case satellite = 8

  /// The display name, e.g. "Wi-Fi".
  public var displayName: String {
    switch self {
    case .cellular: return "Cellular"
    case .wifi: return "Wi-Fi"
    case .none: return "None"
    case .wired: return "Wired"
    case .cellular5G: return "5G"
    case .cellularLTE: return "LTE"
    case .cellular3G: return "3G"
    case .cellular2G: return "2G"
    case .satellite: return "Satellite"
    }
  }
}

/// Ambient sound over the capture second, in raw dBFS (−160…0).
public struct AudioLevel: Sendable, Equatable {
  public var average: Double
  public var peak: Double

  public init(average: Double, peak: Double) {
    self.average = average
    self.peak = peak
  }

  /// Dispatch's display scale, (raw + 65) × 2.
  public var displayAverage: Double { (average + 65) * 2 }
}

/// A place's address parts.
public struct Placemark: Sendable, Equatable {
  public var name: String?
  public var thoroughfare: String?
  public var subThoroughfare: String?
  public var locality: String?
  public var subLocality: String?
  public var administrativeArea: String?
  public var subAdministrativeArea: String?
  public var postalCode: String?
  public var country: String?

  public init(
    name: String? = nil, thoroughfare: String? = nil, subThoroughfare: String? = nil,
    locality: String? = nil, subLocality: String? = nil, administrativeArea: String? = nil,
    subAdministrativeArea: String? = nil, postalCode: String? = nil, country: String? = nil
  ) {
    self.name = name
    self.thoroughfare = thoroughfare
    self.subThoroughfare = subThoroughfare
    self.locality = locality
    self.subLocality = subLocality
    self.administrativeArea = administrativeArea
    self.subAdministrativeArea = subAdministrativeArea
    self.postalCode = postalCode
    self.country = country
  }
}

/// A location fix with every optional field of Dispatch's `LocationSnapshot`.
public struct LocationSnapshot: Sendable, Equatable {
  public var latitude: Double?
  public var longitude: Double?
  public var altitude: Double?
  public var horizontalAccuracy: Double?
  public var verticalAccuracy: Double?
  public var speed: Double?
  public var speedAccuracy: Double?
  public var course: Double?
  public var courseAccuracy: Double?
  public var floorLevel: Int?
  public var isSimulatedBySoftware: Bool?
  public var isProducedByAccessory: Bool?
  public var trueHeading: Double?
  public var magneticHeading: Double?
  public var headingAccuracy: Double?
  public var timestamp: Instant?
  public var placemark: Placemark?

  public init(
    latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
    horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, speed: Double? = nil,
    speedAccuracy: Double? = nil, course: Double? = nil, courseAccuracy: Double? = nil,
    floorLevel: Int? = nil, isSimulatedBySoftware: Bool? = nil,
    isProducedByAccessory: Bool? = nil, trueHeading: Double? = nil,
    magneticHeading: Double? = nil, headingAccuracy: Double? = nil, timestamp: Instant? = nil,
    placemark: Placemark? = nil
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.floorLevel = floorLevel
    self.isSimulatedBySoftware = isSimulatedBySoftware
    self.isProducedByAccessory = isProducedByAccessory
    self.trueHeading = trueHeading
    self.magneticHeading = magneticHeading
    self.headingAccuracy = headingAccuracy
    self.timestamp = timestamp
    self.placemark = placemark
  }
}

/// Weather at the report's time and place; field names follow Dispatch's `WeatherObservation`.
public struct WeatherObservation: Sendable, Equatable {
  public var tempF: Double?
  public var tempC: Double?
  public var condition: String?
  /// Text such as "60%".
  public var relativeHumidity: String?
  public var windMPH: Double?
  public var windKPH: Double?
  public var windGustMPH: Double?
  public var windGustKPH: Double?
  public var windDirection: String?
  public var windDegrees: Double?
  public var pressureIn: Double?
  public var pressureMb: Double?
  public var visibilityMi: Double?
  public var visibilityKM: Double?
  public var feelslikeF: Double?
  public var feelslikeC: Double?
  public var dewpointC: Double?
  public var precipTodayIn: Double?
  public var precipTodayMetric: Double?
  public var uv: Double?
  public var stationID: String?

  public init() {}
}

/// A photo taken since the previous report.
public struct Photo: Sendable, Equatable {
  public var id: String
  public var assetURL: String?
  public var pixelWidth: Int?
  public var pixelHeight: Int?
  public var dateTime: Instant?
  public var latitude: Double?
  public var longitude: Double?

  public init(
    id: String, assetURL: String? = nil, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
    dateTime: Instant? = nil, latitude: Double? = nil, longitude: Double? = nil
  ) {
    self.id = id
    self.assetURL = assetURL
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.dateTime = dateTime
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// A health value attached to a report, e.g. `steps` in `count` (open `type` strings).
public struct HealthReading: Sendable, Equatable {
  public var type: String
  public var value: Double
  public var unit: String
  public var startDate: Instant?
  public var endDate: Instant?
  /// Worked out by Dispatch from imported Apple Health data (and replaced when more is
  /// imported), rather than recorded with the report by its source.
  public var isFromAppleHealth: Bool

  public init(
    type: String, value: Double, unit: String, startDate: Instant? = nil, endDate: Instant? = nil,
    isFromAppleHealth: Bool = false
  ) {
    self.type = type
    self.value = value
    self.unit = unit
    self.startDate = startDate
    self.endDate = endDate
    self.isFromAppleHealth = isFromAppleHealth
  }
}

/// The focus in force when the report was filed.
public struct FocusState: Sendable, Equatable {
  public var label: String?
  public var isFocused: Bool

  public init(label: String?, isFocused: Bool) {
    self.label = label
    self.isFocused = isFocused
  }
}

/// What was playing (MPRIS on Linux).
public struct MediaInfo: Sendable, Equatable {
  /// `appleMusic`, `spotify`, `otherAudio`, or any raw value.
  public var source: String
  public var title: String?
  public var artist: String?
  public var album: String?
  /// 0 stopped, 1 playing, 2 paused; other raws kept.
  public var playbackState: Int
  public var spotifyTrackURI: String?
  public var appleMusicStoreID: String?

  public init(
    source: String, title: String? = nil, artist: String? = nil, album: String? = nil,
    playbackState: Int, spotifyTrackURI: String? = nil, appleMusicStoreID: String? = nil
  ) {
    self.source = source
    self.title = title
    self.artist = artist
    self.album = album
    self.playbackState = playbackState
    self.spotifyTrackURI = spotifyTrackURI
    self.appleMusicStoreID = appleMusicStoreID
  }
}

/// Screen and power state.
public struct DeviceState: Sendable, Equatable {
  public var isLowPowerMode: Bool?
  /// 0…1.
  public var screenBrightness: Double?
  /// "light" or "dark".
  public var interfaceStyle: String?
  /// e.g. "Speaker", "Headphones".
  public var audioOutputRoute: String?

  public init(
    isLowPowerMode: Bool? = nil, screenBrightness: Double? = nil, interfaceStyle: String? = nil,
    audioOutputRoute: String? = nil
  ) {
    self.isLowPowerMode = isLowPowerMode
    self.screenBrightness = screenBrightness
    self.interfaceStyle = interfaceStyle
    self.audioOutputRoute = audioOutputRoute
  }

  /// Whether every field is nil (the v2 exporter then omits the object).
  public var isEmpty: Bool {
    isLowPowerMode == nil && screenBrightness == nil && interfaceStyle == nil
      && audioOutputRoute == nil
  }
}

/// Motion state.
public struct MotionState: Sendable, Equatable {
  public var activity: String?
  public var barometricPressureKPa: Double?

  public init(activity: String? = nil, barometricPressureKPa: Double? = nil) {
    self.activity = activity
    self.barometricPressureKPa = barometricPressureKPa
  }

  /// Whether every field is nil.
  public var isEmpty: Bool { activity == nil && barometricPressureKPa == nil }
}
