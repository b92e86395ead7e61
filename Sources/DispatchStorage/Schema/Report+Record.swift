import DispatchCore

/// Writing a report with its responses and sensor context.
extension Report {
  static let columnList = """
    id, date_ms, utc_offset_s, time_zone, kind, trigger, is_draft, is_backdated,
    was_in_background, prompt_group_id, legacy_impetus, legacy_section_identifier,
    source_device_model, source_device_name, battery, connection, altitude_m, audio_avg,
    audio_peak, focus_is_focused, focus_label, media_source, media_title, media_artist,
    media_album, media_playback_state, media_spotify_uri, media_apple_music_id,
    device_low_power, device_brightness, device_interface_style, device_audio_route,
    motion_activity, motion_pressure_kpa
    """
  static let columnCount = 34

  var databaseValues: [DatabaseValue] {
    let c = context
    return [
      DatabaseValue(id),
      DatabaseValue(date.milliseconds),
      DatabaseValue(utcOffsetSeconds),
      DatabaseValue(timeZoneIdentifier),
      DatabaseValue(kind.rawValue),
      DatabaseValue(trigger.rawValue),
      DatabaseValue(isDraft),
      DatabaseValue(isBackdated),
      DatabaseValue(wasInBackground),
      DatabaseValue(promptGroupID),
      DatabaseValue(legacyImpetus),
      DatabaseValue(legacySectionIdentifier),
      DatabaseValue(sourceDeviceModel),
      DatabaseValue(sourceDeviceName),
      DatabaseValue(c.battery),
      DatabaseValue(c.connection),
      DatabaseValue(c.altitudeMeters),
      DatabaseValue(c.audio?.average),
      DatabaseValue(c.audio?.peak),
      DatabaseValue(c.focus?.isFocused),
      DatabaseValue(c.focus?.label),
      DatabaseValue(c.media?.source),
      DatabaseValue(c.media?.title),
      DatabaseValue(c.media?.artist),
      DatabaseValue(c.media?.album),
      DatabaseValue(c.media?.playbackState),
      DatabaseValue(c.media?.spotifyTrackURI),
      DatabaseValue(c.media?.appleMusicStoreID),
      DatabaseValue(c.deviceState?.isLowPowerMode),
      DatabaseValue(c.deviceState?.screenBrightness),
      DatabaseValue(c.deviceState?.interfaceStyle),
      DatabaseValue(c.deviceState?.audioOutputRoute),
      DatabaseValue(c.motion?.activity),
      DatabaseValue(c.motion?.barometricPressureKPa),
    ]
  }

  // The statements are built once: the statement cache is keyed by their text, and a long
  // import writes a hundred thousand reports and answers.
  static let insertSQL =
    "INSERT INTO reports (\(columnList)) VALUES (\(placeholders(columnCount)))"
  static let insertLocationSQL = """
    INSERT INTO report_locations (report_id, \(LocationSnapshot.columnList))
    VALUES (?, \(placeholders(LocationSnapshot.columnCount)))
    """
  static let insertWeatherSQL = """
    INSERT INTO report_weather (report_id, \(WeatherObservation.columnList))
    VALUES (?, \(placeholders(WeatherObservation.columnCount)))
    """
  static let insertPhotoSQL = """
    INSERT INTO report_photos (report_id, position, id, asset_url, pixel_width,
      pixel_height, date_ms, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  static let insertHealthSQL = """
    INSERT INTO report_health (report_id, position, type, value, unit, start_ms, end_ms,
      from_apple_health) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    """
  static let insertStateOfMindSQL =
    "INSERT INTO report_state_of_mind (report_id, position, sample_id) VALUES (?, ?, ?)"

  /// Inserts the report, replacing any stored report with the same ID and all its children,
  /// and hands its search document to the index (``ReportDocuments/prepare(_:_:)``).
  func save(_ db: Database) throws(StoreError) {
    try db.execute("DELETE FROM reports WHERE id = ?", values: [.text(id)])
    try db.execute(Self.insertSQL, values: databaseValues)
    try saveContext(db)
    for (position, response) in responses.enumerated() {
      try response.save(db, reportID: id, position: position)
    }
    try ReportDocuments.prepare(self, db)
  }

  private func saveContext(_ db: Database) throws(StoreError) {
    let owner = DatabaseValue.text(id)
    if let location = context.location {
      try db.execute(Self.insertLocationSQL, values: [owner] + location.databaseValues)
    }
    if let weather = context.weather {
      try db.execute(Self.insertWeatherSQL, values: [owner] + weather.databaseValues)
    }
    for (position, photo) in context.photos.enumerated() {
      try db.execute(
        Self.insertPhotoSQL,
        values: [
          owner, DatabaseValue(position), DatabaseValue(photo.id), DatabaseValue(photo.assetURL),
          DatabaseValue(photo.pixelWidth), DatabaseValue(photo.pixelHeight),
          DatabaseValue(photo.dateTime?.milliseconds), DatabaseValue(photo.latitude),
          DatabaseValue(photo.longitude),
        ])
    }
    for (position, reading) in context.health.enumerated() {
      try db.execute(
        Self.insertHealthSQL,
        values: [
          owner, DatabaseValue(position), DatabaseValue(reading.type),
          DatabaseValue(reading.value), DatabaseValue(reading.unit),
          DatabaseValue(reading.startDate?.milliseconds),
          DatabaseValue(reading.endDate?.milliseconds), DatabaseValue(reading.isFromAppleHealth),
        ])
    }
    for (position, sample) in context.stateOfMindSampleIDs.enumerated() {
      try db.execute(
        Self.insertStateOfMindSQL, values: [owner, DatabaseValue(position), DatabaseValue(sample)])
    }
  }
}

extension Response {
  static let insertSQL = """
    INSERT INTO responses (id, report_id, position, question_id, question_prompt, has_tokens,
      has_options, has_notes, numeric_text, numeric_value, time_minutes, time_day_offset)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  static let insertValueSQL = """
    INSERT INTO response_values (response_id, role, position, value_id, text)
    VALUES (?, ?, ?, ?, ?)
    """
  static let insertLocationSQL = """
    INSERT INTO response_locations (response_id, text, venue_id, has_location,
      \(LocationSnapshot.columnList))
    VALUES (?, ?, ?, ?, \(placeholders(LocationSnapshot.columnCount)))
    """

  /// Inserts the response under `reportID`, replacing a response with the same ID
  /// (which re-parents it, as Dispatch's importer does).
  func save(_ db: Database, reportID: String, position: Int) throws(StoreError) {
    let owner = DatabaseValue.text(id)
    try db.execute("DELETE FROM responses WHERE id = ?", values: [owner])
    try db.execute(
      Self.insertSQL,
      values: [
        owner, .text(reportID), DatabaseValue(position), DatabaseValue(questionID),
        .text(questionPrompt), DatabaseValue(tokens != nil), DatabaseValue(options != nil),
        DatabaseValue(notes != nil), DatabaseValue(number), DatabaseValue(numericValue),
        DatabaseValue(time?.minutes), DatabaseValue(time?.dayOffset),
      ])
    for (position, token) in (tokens ?? []).enumerated() {
      try db.execute(
        Self.insertValueSQL,
        values: [
          owner, .text("token"), DatabaseValue(position), DatabaseValue(token.id),
          .text(token.text),
        ])
    }
    for (position, option) in (options ?? []).enumerated() {
      try db.execute(
        Self.insertValueSQL,
        values: [owner, .text("option"), DatabaseValue(position), .null, .text(option)])
    }
    for (position, note) in (notes ?? []).enumerated() {
      try db.execute(
        Self.insertValueSQL,
        values: [
          owner, .text("note"), DatabaseValue(position), DatabaseValue(note.id), .text(note.text),
        ])
    }
    if let location {
      let snapshot = location.location ?? LocationSnapshot()
      try db.execute(
        Self.insertLocationSQL,
        values: [
          owner, DatabaseValue(location.text), DatabaseValue(location.venueID),
          DatabaseValue(location.location != nil),
        ] + snapshot.databaseValues)
    }
  }
}
