import DispatchSupport

/// The JSON and CSV shapes of query results (docs/query-language.md#running-queries):
/// `dispatch query --json`/`--csv` and `GET /api/v1/query` print the same objects and lines.
extension QueryRecord {
  /// The CSV header of `type`'s records: `type,id,start,end`, then its columns.
  public static func csvHeader(_ type: QueryRecordType) -> String {
    CSVWriter.line(["type", "id", "start", "end"] + type.columns)
  }

  /// One CSV line: the values as stored, like an export.
  public var csvLine: String {
    CSVWriter.line([type, id, localStart, localEnd ?? ""] + fields.map(\.text))
  }

  /// `{"type", "id", "start", "end"?, then each column}`: numbers as numbers, durations in
  /// seconds, yes/no as booleans, the rest as text.
  public var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("type", .string(type)), ("id", .string(id)), ("start", .string(localStart)),
    ]
    if let end = localEnd { fields.append(("end", .string(end))) }
    for field in self.fields {
      fields.append((field.name, field.jsonValue))
    }
    return .object(fields)
  }
}

extension QueryRecord.Field {
  var jsonValue: JSONValue {
    switch (kind, value) {
    case (_, .null): return .null
    case (.boolean, .integer(let flag)): return .bool(flag != 0)
    case (.duration, .integer(let milliseconds)): return .double(Double(milliseconds) / 1000)
    case (.number, .integer(let number)), (.dosage, .integer(let number)): return .int(number)
    case (_, .real(let number)): return .double(number)
    default: return .string(text)
    }
  }
}

extension QueryExplanation {
  /// The tree with each condition's count, the steps as conditions combine, and the first
  /// condition that empties the result.
  public var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("query", .string(text)), ("type", .string(type)),
      ("total", .int(Int64(total))), ("matched", .int(Int64(matched))),
    ]
    fields.append(("tree", root.map(\.jsonValue) ?? .null))
    fields.append(
      (
        "steps",
        .array(
          steps.map { step in
            .object([
              ("condition", .string(step.text)), ("alone", .int(Int64(step.alone))),
              ("combined", .int(Int64(step.combined))),
            ])
          })
      ))
    fields.append(("emptiedBy", emptiedBy.map(JSONValue.string) ?? .null))
    return .object(fields)
  }
}

extension QueryExplanation.Node {
  var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("kind", .string(kind)), ("text", .string(text)), ("count", .int(Int64(count))),
    ]
    if !children.isEmpty { fields.append(("children", .array(children.map(\.jsonValue)))) }
    if let target { fields.append(("target", target.jsonValue)) }
    if let note { fields.append(("note", .string(note))) }
    return .object(fields)
  }
}

extension QueryWhy {
  /// The record, whether it matches, and each condition with the value it was judged on.
  public var jsonValue: JSONValue {
    .object([
      ("record", record.jsonValue), ("matches", .bool(matches)),
      (
        "conditions",
        .array(
          leaves.map { leaf in
            .object([
              ("condition", .string(leaf.text)), ("met", .bool(leaf.met)),
              ("detail", .string(leaf.detail)),
            ])
          })
      ),
    ])
  }
}

extension QueryDiagnostic {
  /// `{"id", "message", "start", "end", "hint"?, "rendered"}`: the span in characters of
  /// `source`, and the text with its caret as the command line prints it.
  public func jsonValue(source: String) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(id.rawValue)), ("message", .string(message)),
      ("start", .int(Int64(range.lower))), ("end", .int(Int64(range.upper))),
    ]
    if let hint { fields.append(("hint", .string(hint))) }
    fields.append(("rendered", .string(rendered(source: source))))
    return .object(fields)
  }
}
