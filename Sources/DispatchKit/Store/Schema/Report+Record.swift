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

  var columnValues: [any DatabaseValueConvertible] {
    let c = context
    return [
      id, date.milliseconds, utcOffsetSeconds, timeZoneIdentifier, kind.rawValue,
      trigger.rawValue, isDraft, isBackdated, wasInBackground, promptGroupID, legacyImpetus,
      legacySectionIdentifier, sourceDeviceModel, sourceDeviceName, c.battery, c.connection,
      c.altitudeMeters, c.audio?.average, c.audio?.peak, c.focus?.isFocused, c.focus?.label,
      c.media?.source, c.media?.title, c.media?.artist, c.media?.album, c.media?.playbackState,
      c.media?.spotifyTrackURI, c.media?.appleMusicStoreID, c.deviceState?.isLowPowerMode,
      c.deviceState?.screenBrightness, c.deviceState?.interfaceStyle,
      c.deviceState?.audioOutputRoute, c.motion?.activity, c.motion?.barometricPressureKPa,
    ]
  }

  /// Inserts the report, replacing any stored report with the same ID and all its children.
  func save(_ db: Database) throws(StoreError) {
    try db.execute("DELETE FROM reports WHERE id = ?", [id])
    try db.execute(
      "INSERT INTO reports (\(Self.columnList)) VALUES (\(placeholders(Self.columnCount)))",
      columnValues)
    try saveContext(db)
    for (position, response) in responses.enumerated() {
      try response.save(db, reportID: id, position: position)
    }
  }

  private func saveContext(_ db: Database) throws(StoreError) {
    if let location = context.location {
      try db.execute(
        """
        INSERT INTO report_locations (report_id, \(LocationSnapshot.columnList))
        VALUES (?, \(placeholders(LocationSnapshot.columnCount)))
        """, [id] + location.columnValues)
    }
    if let weather = context.weather {
      try db.execute(
        """
        INSERT INTO report_weather (report_id, \(WeatherObservation.columnList))
        VALUES (?, \(placeholders(WeatherObservation.columnCount)))
        """, [id] + weather.columnValues)
    }
    for (position, photo) in context.photos.enumerated() {
      try db.execute(
        """
        INSERT INTO report_photos (report_id, position, id, asset_url, pixel_width,
          pixel_height, date_ms, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          id, position, photo.id, photo.assetURL, photo.pixelWidth, photo.pixelHeight,
          photo.dateTime?.milliseconds, photo.latitude, photo.longitude,
        ])
    }
    for (position, reading) in context.health.enumerated() {
      try db.execute(
        """
        INSERT INTO report_health (report_id, position, type, value, unit, start_ms, end_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
          id, position, reading.type, reading.value, reading.unit,
          reading.startDate?.milliseconds, reading.endDate?.milliseconds,
        ])
    }
    for (position, sample) in context.stateOfMindSampleIDs.enumerated() {
      try db.execute(
        "INSERT INTO report_state_of_mind (report_id, position, sample_id) VALUES (?, ?, ?)",
        [id, position, sample])
    }
  }
}

extension Response {
  /// Inserts the response under `reportID`, replacing a response with the same ID
  /// (which re-parents it, as Dispatch's importer does).
  func save(_ db: Database, reportID: String, position: Int) throws(StoreError) {
    try db.execute("DELETE FROM responses WHERE id = ?", [id])
    try db.execute(
      """
      INSERT INTO responses (id, report_id, position, question_id, question_prompt, has_tokens,
        has_options, has_notes, numeric_text, numeric_value, time_minutes, time_day_offset)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        id, reportID, position, questionID, questionPrompt, tokens != nil, options != nil,
        notes != nil,
        number, numericValue, time?.minutes, time?.dayOffset,
      ])
    let insertValue = """
      INSERT INTO response_values (response_id, role, position, value_id, text)
      VALUES (?, ?, ?, ?, ?)
      """
    for (position, token) in (tokens ?? []).enumerated() {
      try db.execute(insertValue, [id, "token", position, token.id, token.text])
    }
    for (position, option) in (options ?? []).enumerated() {
      try db.execute(insertValue, [id, "option", position, String?.none, option])
    }
    for (position, note) in (notes ?? []).enumerated() {
      try db.execute(insertValue, [id, "note", position, note.id, note.text])
    }
    if let location {
      let snapshot = location.location ?? LocationSnapshot()
      try db.execute(
        """
        INSERT INTO response_locations (response_id, text, venue_id, has_location,
          \(LocationSnapshot.columnList))
        VALUES (?, ?, ?, ?, \(placeholders(LocationSnapshot.columnCount)))
        """,
        [id, location.text, location.venueID, location.location != nil]
          + snapshot.columnValues)
    }
  }
}
