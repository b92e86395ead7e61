/// The inline DTD Apple writes before `HealthData`, as HealthKit Export Version 14 (modern) or
/// 11 (legacy) declare it (docs/formats/apple-health.md#prolog-and-dtd). Like Apple's, it does not
/// match the content exactly: `WorkoutActivity` is declared but not allowed inside `Workout`.
enum SynthDTD {
  struct Declaration {
    var name: String
    var content: String
    /// Attribute names, `true` when `#REQUIRED`.
    var attributes: [(String, Bool)]
    var note: String? = nil
  }

  static func version(_ style: SyntheticHealthOptions.Style) -> Int { style == .modern ? 14 : 11 }

  /// The element whose `ATTLIST` loses its `>` under `.brokenDTD`, where iOS 16 broke it.
  static func brokenElement(_ style: SyntheticHealthOptions.Style) -> String {
    style == .modern ? "VisionPrescription" : "ClinicalRecord"
  }

  /// `<!DOCTYPE HealthData [ … ]>` and its newline.
  static func text(_ style: SyntheticHealthOptions.Style, broken: Bool) -> String {
    var text = "<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: \(version(style)) -->\n"
    for declaration in declarations(style) {
      if let note = declaration.note { text += "<!-- Note: \(note) -->\n" }
      text += "<!ELEMENT \(declaration.name) \(declaration.content)>\n"
      guard !declaration.attributes.isEmpty else { continue }
      text += "<!ATTLIST \(declaration.name)\n"
      let width = declaration.attributes.map(\.0.count).max() ?? 0
      for (name, required) in declaration.attributes {
        let padding = String(repeating: " ", count: width - name.count)
        text += "  \(name)\(padding) CDATA \(required ? "#REQUIRED" : "#IMPLIED")\n"
      }
      if !(broken && declaration.name == brokenElement(style)) { text += ">\n" }
    }
    return text + "]>\n"
  }

  private static func required(_ names: String...) -> [(String, Bool)] { names.map { ($0, true) } }
  private static func implied(_ names: String...) -> [(String, Bool)] { names.map { ($0, false) } }

  static func declarations(_ style: SyntheticHealthOptions.Style) -> [Declaration] {
    let modern = style == .modern
    let sample =
      required("type", "sourceName") + implied("sourceVersion", "device", "creationDate")
      + required("startDate", "endDate")
    let characteristics = ["DateOfBirth", "BiologicalSex", "BloodType", "FitzpatrickSkinType"].map {
      ("HKCharacteristicTypeIdentifier" + $0, true)
    }
    let topLevel =
      modern
      ? "Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription"
      : "Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram"
    var list = [
      Declaration(
        name: "HealthData", content: "(ExportDate,Me,(\(topLevel))*)",
        attributes: required("locale")),
      Declaration(name: "ExportDate", content: "EMPTY", attributes: required("value")),
      Declaration(
        name: "Me", content: "EMPTY",
        attributes: characteristics + [
          ("HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", modern)
        ]),
      Declaration(
        name: "Record", content: "((MetadataEntry|HeartRateVariabilityMetadataList)*)",
        attributes: required("type") + implied("unit", "value") + required("sourceName")
          + implied("sourceVersion", "device", "creationDate") + required("startDate", "endDate")),
      Declaration(
        name: "Correlation", content: "((MetadataEntry|Record)*)", attributes: sample,
        note: "Records nested in a Correlation are also written as top-level records in this file."),
      Declaration(
        name: "Workout",
        content: modern
          ? "((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)"
          : "((MetadataEntry|WorkoutEvent|WorkoutRoute)*)",
        attributes: required("workoutActivityType")
          + implied("duration", "durationUnit", "totalDistance", "totalDistanceUnit")
          + implied("totalEnergyBurned", "totalEnergyBurnedUnit") + required("sourceName")
          + implied("sourceVersion", "device", "creationDate") + required("startDate", "endDate")),
    ]
    if modern {
      list.append(
        Declaration(
          name: "WorkoutActivity", content: "((MetadataEntry)*)",
          attributes: required("uuid", "startDate") + implied("endDate", "duration", "durationUnit")
        ))
    }
    list.append(
      Declaration(
        name: "WorkoutEvent", content: modern ? "((MetadataEntry)*)" : "EMPTY",
        attributes: required("type", "date") + implied("duration", "durationUnit")))
    if modern {
      list.append(
        Declaration(
          name: "WorkoutStatistics", content: "EMPTY",
          attributes: required("type", "startDate", "endDate")
            + implied("average", "minimum", "maximum", "sum", "unit")))
    }
    list += [
      Declaration(
        name: "WorkoutRoute",
        content: modern
          ? "((MetadataEntry|FileReference)*)" : "((MetadataEntry|FileReference|Location)*)",
        attributes: Array(sample.dropFirst())),
      Declaration(name: "FileReference", content: "EMPTY", attributes: required("path")),
    ]
    if !modern {
      list.append(
        Declaration(
          name: "Location", content: "EMPTY",
          attributes: required("date", "latitude", "longitude")
            + implied("altitude", "horizontalAccuracy", "verticalAccuracy", "course", "speed")))
    }
    list += tail(style, sample: sample)
    return list
  }

  private static func tail(_ style: SyntheticHealthOptions.Style, sample: [(String, Bool)])
    -> [Declaration]
  {
    let modern = style == .modern
    var list = [
      Declaration(
        name: "ActivitySummary", content: "EMPTY",
        attributes: [
          "dateComponents", "activeEnergyBurned", "activeEnergyBurnedGoal",
          "activeEnergyBurnedUnit", "appleMoveTime", "appleMoveTimeGoal", "appleExerciseTime",
          "appleExerciseTimeGoal", "appleStandHours", "appleStandHoursGoal",
        ].map { ($0, false) }),
      Declaration(name: "MetadataEntry", content: "EMPTY", attributes: required("key", "value")),
      Declaration(
        name: "HeartRateVariabilityMetadataList", content: "(InstantaneousBeatsPerMinute*)",
        attributes: [],
        note:
          "Heart rate variability samples from Apple Watch may carry the instantaneous beats-per-minute readings they were computed from."
      ),
      Declaration(
        name: "InstantaneousBeatsPerMinute", content: "EMPTY", attributes: required("bpm", "time")),
      Declaration(
        name: "ClinicalRecord", content: "EMPTY",
        attributes: required(
          "type", "identifier", "sourceName", "sourceURL", "fhirVersion", "receivedDate",
          "resourceFilePath")),
      Declaration(
        name: "Audiogram", content: modern ? "((MetadataEntry|SensitivityPoint)*)" : "EMPTY",
        attributes: sample),
    ]
    guard modern else { return list }
    let ear = ["Value", "Unit", "Masked", "ClampingRangeLowerBound", "ClampingRangeUpperBound"]
    list.append(
      Declaration(
        name: "SensitivityPoint", content: "EMPTY",
        attributes: required("frequencyValue", "frequencyUnit")
          + ["left", "right"].flatMap { side in ear.map { (side + "Ear" + $0, false) } }))
    list.append(
      Declaration(
        name: "VisionPrescription", content: "((RightEye|LeftEye|Attachment|MetadataEntry)*)",
        attributes: required("type", "dateIssued") + implied("expirationDate", "brand")))
    let optics = [
      "sphere", "cylinder", "axis", "add", "vertex", "prismAmount", "prismAngle", "farPD", "nearPD",
      "baseCurve", "diameter",
    ]
    for eye in ["RightEye", "LeftEye"] {
      list.append(
        Declaration(
          name: eye, content: "EMPTY",
          attributes: optics.flatMap { [($0, false), ($0 + "Unit", false)] }))
    }
    list.append(
      Declaration(name: "Attachment", content: "EMPTY", attributes: implied("identifier")))
    return list
  }
}
