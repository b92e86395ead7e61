import DispatchCore
import DispatchSupport
import Foundation

/// Reporter responses (docs/formats/reporter.md#responses).
///
/// A response is joined to its question only by `questionPrompt`; the join happens once all
/// files are read (``ReporterQuestionAssembly``), so ``Response/questionID`` is nil here.
enum ReporterResponses {
  /// Reads one response of the snapshot `snapshotID`. Throws for a response that cannot be
  /// kept (no prompt, a payload of the wrong shape); the caller drops it and keeps the rest.
  static func response(_ value: JSONNode, snapshotID: String, defaultTimeZone: String)
    throws(ReporterFieldError) -> Response
  {
    guard let object = value.object else {
      throw ReporterFieldError(field: nil, reason: "the response is not an object")
    }
    guard let prompt = try object.reporterString("questionPrompt"),
      !ReporterJSONFields.isBlank(prompt)
    else {
      throw ReporterFieldError(field: "questionPrompt", reason: "the response has no prompt")
    }
    // Without a source ID: `<snapshot id>|<question prompt>`
    // (docs/formats/dispatch-v2.md#deterministic-ids).
    let id =
      try object.reporterString("uniqueIdentifier")
      ?? ImportIdentity.reporterResponse(snapshotID: snapshotID, prompt: prompt)
    var response = Response(id: id, questionID: nil, questionPrompt: prompt)
    if let tokens = try object.reporterArray("tokens") {
      response.tokens = try texts(tokens, field: "tokens", responseID: id)
    }
    if let options = try object.reporterArray("answeredOptions") {
      response.options = try strings(options, field: "answeredOptions")
    }
    if let raw = object["numericResponse"], !raw.isNull {
      response.number = try numberText(raw)
    }
    if let notes = try object.reporterArray("textResponses") {
      response.notes = try texts(notes, field: "textResponses", responseID: id)
    }
    if let note = try object.reporterString("textResponse") {
      // The legacy singular note: one text with a deterministic ID
      // (docs/formats/reporter.md#leniency).
      let token = TokenValue(
        id: ImportIdentity.reporterToken(responseID: id, index: 0, text: note), text: note)
      response.notes = (response.notes ?? []) + [token]
    }
    if let location = try object.reporterObject("locationResponse") {
      response.location = try locationAnswer(location, defaultTimeZone: defaultTimeZone)
    }
    return response
  }

  /// `tokens` / `textResponses`: `{uniqueIdentifier, text}` objects (2.x) or bare strings
  /// (legacy, 1.x), which get `<response id>|<index>|<text>` IDs, never random ones.
  static func texts(_ values: [JSONNode], field: String, responseID: String)
    throws(ReporterFieldError) -> [TokenValue]
  {
    var result: [TokenValue] = []
    for (index, value) in values.enumerated() {
      if let text = value.string {
        result.append(
          TokenValue(
            id: ImportIdentity.reporterToken(responseID: responseID, index: index, text: text),
            text: text))
        continue
      }
      guard let object = value.object, let text = try object.reporterString("text")
      else {
        throw ReporterFieldError(field: field, reason: "'\(field)' holds an unreadable entry")
      }
      let sourceID = try object.reporterString("uniqueIdentifier")
      let id =
        sourceID ?? ImportIdentity.reporterToken(responseID: responseID, index: index, text: text)
      result.append(TokenValue(id: id, text: text))
    }
    return result
  }

  static func strings(_ values: [JSONNode], field: String) throws(ReporterFieldError) -> [String] {
    var result: [String] = []
    for value in values {
      guard let text = value.string else {
        throw ReporterFieldError(field: field, reason: "'\(field)' holds a value that is not text")
      }
      result.append(text)
    }
    return result
  }

  /// `numericResponse` is always a string in real data, `""` included (kept verbatim). A JSON
  /// number is accepted as its shortest text rather than losing the answer
  /// (docs/formats/reporter.md#responses).
  static func numberText(_ value: JSONNode) throws(ReporterFieldError) -> String {
    if let text = value.string { return text }
    if let number = ReporterJSONFields.number(value) {
      if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
      return String(number)
    }
    throw ReporterFieldError(field: "numericResponse", reason: "'numericResponse' is not a number")
  }

  /// `{text?, foursquareVenueId?, location?}`. The venue's location is as saved, often weeks
  /// old (docs/formats/reporter.md#responses); a location there without coordinates is left out.
  static func locationAnswer(_ object: JSONObject, defaultTimeZone: String)
    throws(ReporterFieldError) -> LocationAnswer
  {
    var answer = LocationAnswer(
      text: try object.reporterString("text"),
      venueID: try object.reporterString("foursquareVenueId"))
    if let location = try object.reporterObject("location") {
      answer.location = try? ReporterSensors.location(location, defaultTimeZone: defaultTimeZone)
    }
    return answer
  }
}
