import DispatchCommandLine
import DispatchKit

/// `dispatch fatigue VALUE`, `fatigue list`: fatigue on the configured scale
/// (docs/records.md#mood-and-fatigue; docs/formats/introspective.md#record-types). One command for
/// the same reason as `mood`.
enum FatigueCommand {
  static let spec: CommandSpec = CommandSpec(
    "fatigue",
    abstract: "Record fatigue on your scale; 'fatigue list'",
    discussion: """
      'dispatch fatigue VALUE' records fatigue on the scale of the 'fatigue-scale' setting \
      (default 0-6, stored with the record). 'dispatch fatigue list' lists the ratings \
      (--from, --to). A rating outside the scale exits 65.
      """,
    arguments: [ArgumentSpec("VALUE", "The rating, or 'list'")],
    options: [
      RecordOptions.note, RecordOptions.at, RecordOptions.ago, RecordOptions.from,
      RecordOptions.to,
    ],
    json: true,
    examples: [
      "dispatch fatigue 3", "dispatch fatigue 5 --note 'bad night' --at 08:30",
      "dispatch fatigue list --json",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    if invocation.positional(0) == "list" {
      try RecordOptions.refuse(["note", "at", "ago"], invocation, in: "fatigue list")
      try RatingListing.list(.fatigue, invocation)
      return
    }
    try RecordOptions.refuse(["from", "to"], invocation, in: "fatigue VALUE")
    let time = try RecordOptions.time(invocation)
    let store = try invocation.openStore(.write)
    let record = try Ratings.record(
      .fatigue, value: invocation.positional(0), note: invocation.value("note"), time: time,
      in: store, environment: invocation.runEnvironment)
    RatingListing.printRecorded(record, invocation)
  }
}
