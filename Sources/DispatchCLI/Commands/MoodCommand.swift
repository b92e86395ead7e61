import DispatchCommandLine
import DispatchKit

/// `dispatch mood VALUE`, `mood list`, `mood rescale`: moods on the configured scale
/// (docs/records.md#mood-and-fatigue; docs/formats/introspective.md#mood-scales; the
/// RecordIntegerMood / RecordDecimalMood intents of docs/formats/introspective.md#intents).
///
/// One command rather than subcommands, because `dispatch mood 7` must read a number where a
/// subcommand name would stand; `list` and `rescale` are recognised as the first argument.
enum MoodCommand {
  static let fractionOption = Option<Double>.number(
    "fraction", "F", "The rating as a fraction of the scale, 0 to 1")

  static let spec: CommandSpec = CommandSpec(
    "mood",
    abstract: "Record a mood on your scale; 'mood list', 'mood rescale'",
    discussion: """
      'dispatch mood VALUE' records a mood on the scale of the 'mood-scale' setting (default \
      1-10, stored with the record) and prints Introspective's feedback. --fraction F records \
      the rating at fraction F (0 to 1) of the scale; --preset NAME records a saved check-in \
      ('dispatch checkin preset add'). 'dispatch mood list' lists moods (--from, --to); \
      'dispatch mood rescale' maps every stored mood onto the current scale (asks first on a \
      terminal; --yes from a script). A rating outside the scale exits 65.
      """,
    arguments: [
      ArgumentSpec("VALUE", "The rating, or 'list' or 'rescale'", optional: true)
    ],
    options: [
      RecordOptions.note, RecordOptions.at, RecordOptions.ago,
      fractionOption.spec,
      .value("preset", "NAME", "Record a saved check-in preset"),
      RecordOptions.from, RecordOptions.to, RecordOptions.yes,
    ],
    json: true,
    examples: [
      "dispatch mood 7", "dispatch mood 4 --note 'long day' --ago 1h",
      "dispatch mood --fraction 0.7", "dispatch mood --preset good",
      "dispatch mood list --from 7d --json", "dispatch mood rescale --yes",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    switch invocation.positional(0) {
    case "list":
      try RecordOptions.refuse(
        ["note", "at", "ago", "fraction", "preset", "yes"], invocation, in: "mood list")
      try RatingListing.list(.mood, invocation)
    case "rescale":
      try RecordOptions.refuse(
        ["note", "at", "ago", "fraction", "preset", "from", "to"], invocation,
        in: "mood rescale")
      try rescale(invocation)
    default:
      try RecordOptions.refuse(["from", "to", "yes"], invocation, in: "mood VALUE")
      try record(invocation)
    }
  }

  static func record(_ invocation: Invocation) throws {
    let time = try RecordOptions.time(invocation)
    let store = try invocation.openStore(.write)
    let record: RatingRecord
    if let preset = invocation.value("preset") {
      if invocation.positional(0) != nil || invocation.value("fraction") != nil {
        throw invocation.usage("give a rating, --fraction or --preset, not several")
      }
      record = try CheckInPresets.record(
        preset, note: invocation.value("note"), time: time, in: store,
        environment: invocation.runEnvironment)
    } else {
      record = try Ratings.record(
        .mood, value: invocation.positional(0), fraction: invocation.value(fractionOption),
        note: invocation.value("note"), time: time, in: store,
        environment: invocation.runEnvironment)
    }
    RatingListing.printRecorded(record, invocation)
  }

  static func rescale(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let scale = try Ratings.scale(.mood, in: store)
    let off = try Ratings.moodsOffScale(in: store)
    if !off.isEmpty {
      try RecordOptions.confirm(
        "Scale \(off.count) existing mood\(off.count == 1 ? "" : "s") to \(scale)?",
        what: "rescaling moods", invocation)
    }
    let changed = try Ratings.rescaleMoods(in: store)
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([("rescaled", .int(Int64(changed))), ("scale", .string("\(scale)"))]))
      return
    }
    invocation.stdout.line(
      changed == 0
        ? "Every mood is already on \(scale)."
        : "Rescaled \(changed) mood\(changed == 1 ? "" : "s") to \(scale).")
  }
}

/// Printing ratings, shared by `mood` and `fatigue`.
enum RatingListing {
  static func printRecorded(_ record: RatingRecord, _ invocation: Invocation) {
    if invocation.wantsJSON {
      invocation.printJSON(record.json)
    } else {
      invocation.stdout.line(Ratings.feedback(for: record))
    }
  }

  static func list(_ kind: RatingKind, _ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    let records = try Ratings.list(kind, from: range.from, to: range.to, in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(records.map(\.json)))
      return
    }
    guard !records.isEmpty else {
      invocation.stdout.line(
        "No \(kind.rawValue) ratings\(range.from == nil ? "" : " in that range").")
      return
    }
    for record in records {
      invocation.stdout.line(
        "\(record.time.localText)  \(Ratings.numberText(record.rating)) on \(record.scale)"
          + RecordOptions.noteSuffix(record.note))
    }
  }
}
