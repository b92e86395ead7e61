import DispatchCore
import DispatchSupport
import Foundation

/// The `--json` shapes of the direct-record commands (docs/cli.md#output-conventions: stable field
/// names). Instants are ISO-8601 UTC; `local` is the wall-clock time where the record was made.
extension RecordTime {
  /// `{"date", "local", "timeZone", "precision"}` members, prefixed (`start` → `startDate`…).
  func addJSON(to object: inout JSONObjectBuilder, prefix: String = "") {
    let key = { (name: String) in
      prefix.isEmpty ? name : prefix + name.prefix(1).uppercased() + name.dropFirst()
    }
    object.set(prefix.isEmpty ? "date" : prefix + "Date", instant.iso8601)
    object.set(key("local"), localText)
    object.set(key("timeZone"), timeZoneIdentifier.map(JSONValue.string) ?? .null)
    object.set(key("precision"), precision.rawValue)
  }
}

extension RatingRecord {
  /// `{"id", "kind", "date", "local", "timeZone", "precision", "rating", "scaleMin",
  /// "scaleMax", "note", "source"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("kind", kind.rawValue)
    time.addJSON(to: &object)
    object.set("rating", rating)
    object.set("scaleMin", scale.minimum)
    object.set("scaleMax", scale.maximum)
    object.set("note", note.map(JSONValue.string) ?? .null)
    object.set("source", source)
    return object.value
  }
}

extension ActivityEntry {
  /// `{"id", "name", "startDate", "startLocal", …, "endDate" (null while running), "running",
  /// "durationSeconds", "duration", "tags", "note"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", activity.id)
    object.set("name", name)
    activity.start.addJSON(to: &object, prefix: "start")
    if let end = activity.end {
      end.addJSON(to: &object, prefix: "end")
    } else {
      object.set("endDate", .null)
    }
    object.set("running", .bool(activity.isRunning))
    object.set("durationSeconds", duration.seconds)
    object.set("duration", duration.description)
    object.set("tags", .array(tags.map(JSONValue.string)))
    object.set("note", activity.note.map(JSONValue.string) ?? .null)
    return object.value
  }
}

extension ActivityDefinition {
  /// `{"id", "name", "description", "tags"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("name", name)
    object.set("description", description.map(JSONValue.string) ?? .null)
    object.set("tags", .array(tags.map(JSONValue.string)))
    return object.value
  }
}

extension DoseEntry {
  /// `{"id", "medication", "date", "local", "timeZone", "precision", "dosage"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", dose.id)
    object.set("medication", name)
    dose.time.addJSON(to: &object)
    object.set("dosage", dose.dosage.map(JSONValue.string) ?? .null)
    return object.value
  }
}

extension MedicationEntry {
  /// `{"id", "name", "dosage", "frequency", "startedOn", "notes", "lastDose"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", medication.id)
    object.set("name", medication.name)
    object.set("dosage", medication.defaultDosage.map(JSONValue.string) ?? .null)
    object.set("frequency", medication.frequency.map(JSONValue.string) ?? .null)
    object.set("startedOn", medication.startedOn.map(JSONValue.string) ?? .null)
    object.set("notes", medication.notes.map(JSONValue.string) ?? .null)
    object.set(
      "lastDose", lastDose.map { DoseEntry(dose: $0, name: medication.name).json } ?? .null)
    return object.value
  }
}

extension LostItemEvent {
  /// `{"id", "item", "date", "local", "timeZone", "precision", "place", "found", "foundDate",
  /// "note"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("item", item)
    noticed.addJSON(to: &object)
    object.set("place", place.map(JSONValue.string) ?? .null)
    object.set("found", .bool(isFound))
    object.set("foundDate", foundAt.map { .string($0.iso8601) } ?? .null)
    object.set("note", note.map(JSONValue.string) ?? .null)
    return object.value
  }
}

extension MetricContextEntry {
  /// `{"id", "metric" (null: every metric), "fromDate", "fromLocal", …, "toDate", "note"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("metric", metric.map(JSONValue.string) ?? .null)
    from.addJSON(to: &object, prefix: "from")
    object.set("toDate", to.map { .string($0.iso8601) } ?? .null)
    object.set("note", note)
    return object.value
  }
}

extension CheckInPreset {
  /// `{"name", "kind", "rating", "scaleMin", "scaleMax", "note"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("name", name)
    object.set("kind", kind)
    object.set("rating", rating)
    object.set("scaleMin", scale.minimum)
    object.set("scaleMax", scale.maximum)
    object.set("note", note.map(JSONValue.string) ?? .null)
    return object.value
  }
}

extension CheckInReminder {
  /// `{"time", "preset"}`.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("time", time.description)
    object.set("preset", preset.map(JSONValue.string) ?? .null)
    return object.value
  }
}
