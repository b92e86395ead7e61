import DispatchCommandLine
import DispatchKit

/// `dispatch lost ITEM`, `lost list`, `lost found ITEM|ID` (docs/records.md#lost-items). One
/// command, like `mood`, so the item name can stand where a subcommand would.
enum LostCommand {
  static let spec: CommandSpec = CommandSpec(
    "lost",
    abstract: "Record a lost or misplaced item; 'lost list', 'lost found ITEM'",
    discussion: """
      'dispatch lost ITEM' records that ITEM went missing, noticed now (or --at/--ago), \
      optionally --where and already --found or --found-after DURATION. 'dispatch lost list' \
      lists the events; 'dispatch lost found ITEM' marks the latest missing event of ITEM (or \
      the event with that ID) found, now or --at/--ago, --where it turned up.
      """,
    arguments: [
      ArgumentSpec("ITEM", "The item, or 'list', or 'found' followed by the item", variadic: true)
    ],
    options: [
      .value("where", "PLACE", "Where it was lost, or found"),
      .flag("found", "It has been found already"),
      .value("found-after", "DURATION", "It was found this long after it went missing"),
      RecordOptions.at, RecordOptions.ago, RecordOptions.note,
    ],
    json: true,
    examples: [
      "dispatch lost keys --where 'coat pocket'", "dispatch lost phone --found-after 20m",
      "dispatch lost found keys --where 'kitchen'", "dispatch lost list --json",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let words = invocation.parsed.positionals
    switch words.first {
    case "list":
      try RecordOptions.refuse(
        ["where", "found", "found-after", "at", "ago", "note"], invocation, in: "lost list")
      try list(invocation)
    case "found" where words.count > 1:
      try RecordOptions.refuse(["found", "found-after", "note"], invocation, in: "lost found")
      let time = try RecordOptions.time(invocation)
      let store = try invocation.openStore(.write)
      let event = try LostItems.markFound(
        words.dropFirst().joined(separator: " "), place: invocation.value("where"), time: time,
        in: store, environment: invocation.runEnvironment)
      print(event, verb: "Found", invocation)
    default:
      if invocation.flag("found") && invocation.value("found-after") != nil {
        throw invocation.usage("give --found or --found-after, not both")
      }
      let outcome: LostItemOutcome =
        invocation.value("found-after").map(LostItemOutcome.foundAfter)
        ?? (invocation.flag("found") ? .found : .missing)
      let time = try RecordOptions.time(invocation)
      let store = try invocation.openStore(.write)
      let event = try LostItems.record(
        words.joined(separator: " "), place: invocation.value("where"), outcome: outcome,
        time: time, note: invocation.value("note"), in: store,
        environment: invocation.runEnvironment)
      print(event, verb: event.isFound ? "Lost and found" : "Lost", invocation)
    }
  }

  static func print(_ event: LostItemEvent, verb: String, _ invocation: Invocation) {
    if invocation.wantsJSON {
      invocation.printJSON(event.json)
      return
    }
    invocation.stdout.line(
      "\(verb): '\(event.item)'" + (event.place.map { " (\($0))" } ?? "") + ", noticed "
        + event.noticed.localText
        + (event.isFound ? "" : "; 'dispatch lost found \(event.item)' when it turns up")
        + ".")
  }

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let events = try LostItems.list(in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(events.map(\.json)))
      return
    }
    if events.isEmpty { invocation.stdout.line("Nothing lost.") }
    for event in events {
      let found =
        event.foundAt.map {
          "found " + RecordTime.at($0, zone: event.noticed.timeZoneIdentifier ?? "UTC").localText
        } ?? "missing"
      invocation.stdout.line(
        "\(event.noticed.localText)  \(event.item)  \(found)"
          + (event.place.map { "  \($0)" } ?? "")
          + "  \(DisplayID.short(event.id))")
    }
  }
}
