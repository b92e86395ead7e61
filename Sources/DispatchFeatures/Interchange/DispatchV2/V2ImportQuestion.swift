import DispatchCore

/// Questions, prompt groups and people of a v2 export (docs/formats/dispatch-v2.md#questions,
/// docs/formats/dispatch-v2.md#prompt-groups, docs/formats/dispatch-v2.md#people).
extension V2RecordReader {
  /// A `V2Question`. Required keys as in Dispatch; `reportKinds` values are kept raw
  /// (docs/formats/dispatch-v2.md#importing); an unknown `questionType` reads as tokens, an unknown
  /// `inputStyle` as plain typing and an unknown `visualization` as automatic, as Dispatch's
  /// accessors do (docs/formats/dispatch-v2.md#unknown-values).
  static func question(_ object: V2Fields, notes: inout V2Notes) throws(V2RecordError)
    -> Question
  {
    let typeRaw = try object.int("questionType")
    var type = QuestionType.tokens
    if let known = QuestionType(rawValue: typeRaw) {
      type = known
    } else {
      notes.append(("questionType", "unknown questionType \(typeRaw), read as tokens"))
    }
    guard let kinds = try object.optionalStrings("reportKinds") else {
      throw object.fail("reportKinds", "missing required key")
    }
    var question = Question(
      id: questionID(try object.string("uniqueIdentifier")),
      prompt: try object.string("prompt"), type: type, sortOrder: try object.int("sortOrder"),
      isEnabled: try object.bool("isEnabled"), reportKinds: kinds.map(ReportKind.init(rawValue:)),
      placeholder: try object.optionalString("placeholderString"),
      choices: try object.optionalStrings("choices") ?? [],
      allowsMultipleSelectionSetting: try object.optionalBool("allowsMultipleSelection"),
      inputMinimum: try object.optionalDouble("inputMin"),
      inputMaximum: try object.optionalDouble("inputMax"),
      inputStep: try object.optionalDouble("inputStep"),
      defaultAnswer: try object.optionalString("defaultAnswerString"),
      stateOfMindKind: try object.optionalString("stateOfMindKind"))
    if let style = try object.optionalString("inputStyle") {
      question.inputStyle = NumberInputStyle(rawValue: style)
      // Dispatch stores textField as nil (docs/formats/dispatch-v2.md#number-input-styles), so
      // reading it back as nil loses nothing.
      if question.inputStyle == .textField { question.inputStyle = nil }
      if NumberInputStyle(rawValue: style) == nil {
        notes.append(
          ("inputStyle", "unknown inputStyle \(V2Fields.quote(style)), read as plain typing"))
      }
    }
    if let chart = try object.optionalString("visualization") {
      question.visualization = VisualizationStyle(rawValue: chart)
      if question.visualization == nil {
        notes.append(
          ("visualization", "unknown visualization \(V2Fields.quote(chart)), read as automatic"))
      }
    }
    return question
  }

  /// A `V2PromptGroup`; schedule fields stay raw (docs/formats/dispatch-v2.md#prompt-groups,
  /// docs/formats/dispatch-v2.md#unknown-values). A corrupt `placeRegion` or `beaconIdentity` is
  /// dropped with a note rather than losing the group: Dispatch keeps such a group and resolves it
  /// to `.disabled`.
  static func promptGroup(_ object: V2Fields, notes: inout V2Notes) throws(V2RecordError)
    -> PromptGroup
  {
    var group = PromptGroup(
      id: try object.string("uniqueIdentifier"), name: try object.string("name"),
      scheduleKind: try object.string("scheduleKind"), isEnabled: try object.bool("isEnabled"),
      sortOrder: try object.int("sortOrder"),
      questionIDs: (try object.optionalStrings("questionIDs") ?? []).map(questionID),
      scheduleHours: try object.optionalInt("scheduleHours"),
      scheduleCount: try object.optionalInt("scheduleCount"),
      scheduleDistribution: try object.optionalString("scheduleDistribution"),
      scheduledTimes: try object.optionalStrings("scheduledTimes") ?? [],
      calendarMatchKind: try object.optionalString("calendarMatchKind"),
      calendarIdentifiers: try object.optionalStrings("calendarIdentifiers") ?? [],
      calendarTitleFilter: try object.optionalString("calendarTitleFilter"),
      monitorDirection: try object.optionalString("monitorDirection"),
      monitorDelayMinutes: try object.optionalInt("monitorDelayMinutes"),
      monitorCancelsOnContradiction: try object.optionalBool("monitorCancelsOnContradiction"))
    do {
      if let region = try object.optionalObject("placeRegion") {
        group.placeRegion = PlaceRegion(
          latitude: try region.double("latitude"), longitude: try region.double("longitude"),
          // Dispatch clamps the radius to at least 100 m on decode
          // (docs/formats/dispatch-v2.md#prompt-groups).
          radius: max(try region.double("radius"), 100), name: try region.optionalString("name"))
      }
    } catch {
      notes.append((error.field ?? "placeRegion", "placeRegion dropped: " + error.reason))
    }
    do {
      if let beacon = try object.optionalObject("beaconIdentity") {
        let major = try beacon.optionalInt("major")
        group.beacon = BeaconIdentity(
          uuid: try beacon.string("uuid"), major: major,
          // A minor without a major means nothing to a beacon region, so Dispatch drops it.
          minor: major == nil ? nil : try beacon.optionalInt("minor"),
          name: try beacon.optionalString("name"))
      }
    } catch {
      notes.append((error.field ?? "beaconIdentity", "beaconIdentity dropped: " + error.reason))
    }
    return group
  }

  /// A `V2Person`; usage counts are rebuilt, not imported (docs/formats/dispatch-v2.md#people).
  static func person(_ object: V2Fields) throws(V2RecordError) -> Person {
    Person(
      id: try object.string("uniqueIdentifier"), displayName: try object.string("displayName"),
      alternateNames: try object.optionalStrings("alternateNames") ?? [])
  }
}
