import DispatchKit

/// A deterministic synthetic Reporter 2.x export: `days` days of four to five snapshots a day,
/// each answering five of six questions (tokens, people, location, number, yes/no, note), with
/// the sensor fields Reporter wrote.
enum SyntheticReporterExport {
  static let prompts: [(prompt: String, type: Int)] = [
    ("What are you doing?", 0), ("Who are you with?", 4), ("Where are you?", 3),
    ("How many coffees did you have today?", 5), ("Are you working?", 2),
    ("What did you learn today?", 6),
  ]

  /// The export as JSON bytes, and how many snapshots and responses it holds.
  static func make(days: Int) -> (bytes: [UInt8], snapshots: Int, responses: Int) {
    var random = SplitMix64(seed: 7)
    let questions: [JSONValue] = prompts.enumerated().map { index, entry in
      .object([
        ("prompt", .string(entry.prompt)), ("questionType", .int(Int64(entry.type))),
        ("uniqueIdentifier", .string(ImportIdentity.make("bench.question|\(index)"))),
      ])
    }
    var snapshots: [JSONValue] = []
    var responseCount = 0
    // 2014-01-01T08:00:00-05:00
    let start: Int64 = 1_388_581_200
    for day in 0..<days {
      let perDay = 4 + Int(random.next() % 2)
      for slot in 0..<perDay {
        let seconds =
          start + Int64(day) * 86_400 + Int64(slot) * 3 * 3600 + Int64(random.next() % 3600)
        let local = CivilTime(milliseconds: seconds * 1000, offsetSeconds: -18_000)
        let date = local.iso8601(fraction: false, zone: "-0500")
        let id = ImportIdentity.make("bench.snapshot|\(day)|\(slot)")
        var responses: [JSONValue] = []
        let skipped = Int(random.next() % 6)
        for (index, entry) in prompts.enumerated() where index != skipped {
          responses.append(response(entry.prompt, index: index, snapshot: id, random: &random))
        }
        responseCount += responses.count
        snapshots.append(
          .object([
            ("uniqueIdentifier", .string(id)), ("date", .string(date)),
            ("reportImpetus", .int(slot == 0 ? 4 : 2)),
            ("battery", .double(Double(random.next() % 100) / 100)),
            ("connection", .int(Int64(random.next() % 3))),
            ("steps", .int(Int64(random.next() % 15_000))),
            ("audio", .object([("avg", .double(-50)), ("peak", .double(-30))])),
            ("responses", .array(responses)),
          ]))
      }
    }
    let document = JSONValue.object([
      ("questions", .array(questions)), ("snapshots", .array(snapshots)),
    ])
    return (
      Array(JSONWriter.string(document, style: .compact).utf8), snapshots.count, responseCount
    )
  }

  private static func response(
    _ prompt: String, index: Int, snapshot: String, random: inout SplitMix64
  ) -> JSONValue {
    let id = ImportIdentity.make("\(snapshot)|\(index)")
    var members: [(String, JSONValue)] = [
      ("questionPrompt", .string(prompt)), ("uniqueIdentifier", .string(id)),
    ]
    switch index {
    case 0, 1:
      let words = index == 0 ? SyntheticHistory.activities : SyntheticHistory.people
      members.append(
        (
          "tokens",
          .array([
            .object([
              ("text", .string(words[Int(random.next() % UInt64(words.count))])),
              ("uniqueIdentifier", .string(id + "-t")),
            ])
          ])
        ))
    case 2:
      members.append(
        (
          "locationResponse",
          .object([("text", .string(SyntheticHistory.places[Int(random.next() % 5)]))])
        ))
    case 3: members.append(("numericResponse", .string(String(random.next() % 5))))
    case 4:
      members.append(("answeredOptions", .array([.string(random.next() % 2 == 0 ? "Yes" : "No")])))
    default:
      members.append(
        (
          "textResponses",
          .array([.object([("text", .string("note")), ("uniqueIdentifier", .string(id + "-n"))])])
        ))
    }
    return .object(members)
  }
}
