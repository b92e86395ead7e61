import DispatchCore

/// The context a report keeps in its own row (`reports.battery` … `motion_pressure_kpa`);
/// place, weather, photos, health readings and state of mind have tables of their own
/// (``Report/locationTable`` and the others).
extension SensorContext {
  static let reportColumns: [Column<Report>] = [
    Column("battery", .optionalReal) { DatabaseValue($0.context.battery) },
    Column("connection", .optionalInteger) { DatabaseValue($0.context.connection) },
    Column("altitude_m", .optionalReal) { DatabaseValue($0.context.altitudeMeters) },
    Column("audio_avg", .optionalReal) { DatabaseValue($0.context.audio?.average) },
    Column("audio_peak", .optionalReal) { DatabaseValue($0.context.audio?.peak) },
    Column("focus_is_focused", .optionalInteger) { DatabaseValue($0.context.focus?.isFocused) },
    Column("focus_label", .optionalText) { DatabaseValue($0.context.focus?.label) },
    Column("media_source", .optionalText) { DatabaseValue($0.context.media?.source) },
    Column("media_title", .optionalText) { DatabaseValue($0.context.media?.title) },
    Column("media_artist", .optionalText) { DatabaseValue($0.context.media?.artist) },
    Column("media_album", .optionalText) { DatabaseValue($0.context.media?.album) },
    Column("media_playback_state", .optionalInteger) {
      DatabaseValue($0.context.media?.playbackState)
    },
    Column("media_spotify_uri", .optionalText) { DatabaseValue($0.context.media?.spotifyTrackURI) },
    Column("media_apple_music_id", .optionalText) {
      DatabaseValue($0.context.media?.appleMusicStoreID)
    },
    Column("device_low_power", .optionalInteger) {
      DatabaseValue($0.context.deviceState?.isLowPowerMode)
    },
    Column("device_brightness", .optionalReal) {
      DatabaseValue($0.context.deviceState?.screenBrightness)
    },
    Column("device_interface_style", .optionalText) {
      DatabaseValue($0.context.deviceState?.interfaceStyle)
    },
    Column("device_audio_route", .optionalText) {
      DatabaseValue($0.context.deviceState?.audioOutputRoute)
    },
    Column("motion_activity", .optionalText) { DatabaseValue($0.context.motion?.activity) },
    Column("motion_pressure_kpa", .optionalReal) {
      DatabaseValue($0.context.motion?.barometricPressureKPa)
    },
  ]

  /// Reads the context columns of a `reports` row, in declaration order. A part whose every
  /// column is NULL is nil, as it was before it was stored.
  init(reading row: inout ColumnReader) {
    self.init(
      battery: row.double("battery"), connection: row.int("connection"),
      altitudeMeters: row.double("altitude_m"))
    let average = row.double("audio_avg")
    let peak = row.double("audio_peak")
    if let average, let peak { audio = AudioLevel(average: average, peak: peak) }
    let focused = row.bool("focus_is_focused")
    let label = row.text("focus_label")
    if let focused { focus = FocusState(label: label, isFocused: focused) }
    media = Self.media(reading: &row)
    let device = DeviceState(
      isLowPowerMode: row.bool("device_low_power"),
      screenBrightness: row.double("device_brightness"),
      interfaceStyle: row.text("device_interface_style"),
      audioOutputRoute: row.text("device_audio_route"))
    deviceState = device.isEmpty ? nil : device
    let motion = MotionState(
      activity: row.text("motion_activity"),
      barometricPressureKPa: row.double("motion_pressure_kpa"))
    self.motion = motion.isEmpty ? nil : motion
  }

  /// What was playing; nil when no source was recorded.
  private static func media(reading row: inout ColumnReader) -> MediaInfo? {
    let source = row.text("media_source")
    let title = row.text("media_title")
    let artist = row.text("media_artist")
    let album = row.text("media_album")
    let playbackState = row.int("media_playback_state")
    let spotifyTrackURI = row.text("media_spotify_uri")
    let appleMusicStoreID = row.text("media_apple_music_id")
    guard let source else { return nil }
    return MediaInfo(
      source: source, title: title, artist: artist, album: album,
      playbackState: playbackState ?? 0, spotifyTrackURI: spotifyTrackURI,
      appleMusicStoreID: appleMusicStoreID)
  }
}
