import DispatchKit
import Foundation

/// What the demo summary shows of the everyday conveniences: the status line as it read when
/// the demo history ends, the people most mentioned, and what a catalog set would add.
struct DemoEveryday {
  let status: StatusSnapshot
  let statusLine: StatusLine
  let people: [Person]
  /// The built-in question sets, and what adding the sleep set would do (a dry run).
  let starterSets: [CatalogSet]
  let sleepSet: CatalogAddResult
  /// What a search for "oat milk" finds, best first.
  let search: [SearchResult]
  /// The moment the status line is read at: 21:00 on the demo's last day, in its home zone.
  let moment: String
  /// How many reports carry each kind of sensor context, and the named places.
  let sensors: DemoSensorCoverage

  init(path: String) throws {
    let configuration = DemoConfiguration()
    moment = configuration.endDay + " 21:00"
    let zone = TimeZone(identifier: DemoConfiguration.homeTimeZone) ?? .gmt
    guard let wall = Instant.parseISO8601(configuration.endDay + "T21:00:00Z")?.instant else {
      throw CLIError(.failure, "the demo's last day is not a date")
    }
    // 21:00 on the wall clock there: the zone's offset that day, not today's.
    let instant = wall.adding(seconds: -Int64(zone.secondsFromGMT(for: wall.date)))
    // Write access only for the catalog's dry run, which reads in a write transaction and
    // changes nothing.
    let store = try DispatchStore(path: path, access: .write, clock: FixedWallClock(instant))
    status = try store.statusSnapshot()
    statusLine = StatusLine(snapshot: status, zone: zone)
    people = try store.people().sorted { $0.usageCount > $1.usageCount }
    starterSets = try StarterCatalog.index().sets
    guard let sleep = starterSets.first(where: { $0.id == "sleep" }) else {
      throw CLIError(.failure, "the built-in catalog has no sleep set")
    }
    sleepSet = try store.addCatalogSet(sleep, dryRun: true)
    search = try store.search("oat milk", options: SearchOptions(limit: 1_000))
    sensors = try DemoSensorCoverage(store)
  }

  /// Lines for the text summary.
  var lines: [String] {
    [
      "  Status line ('dispatch status'), as at \(moment): " + statusLine.long,
      "  People ('dispatch people'): "
        + people.prefix(5).map { "\($0.displayName) (\($0.usageCount))" }.joined(separator: ", ")
        + (people.count > 5 ? ", …" : ""),
      "  Question sets ('dispatch catalog list'): \(starterSets.count) built in; 'catalog add "
        + "sleep' would add \(sleepSet.added.count) questions and skip \(sleepSet.skipped.count) "
        + "the demo already asks",
      "  Search ('dispatch search \"oat milk\"'): \(search.count) records; the best: "
        + (search.first.map { result in
          [
            result.localDateText,
            result.matches.first.map { match in
              (match.question.map { $0 + ": " } ?? "") + match.snippet.marked()
            },
          ].compactMap { $0 }.joined(separator: " ")
        } ?? "none"),
      sensors.line,
    ]
  }

  /// Members added to the JSON summary.
  var jsonMembers: [(String, JSONValue)] {
    [("status", statusLine.json)]
  }
}
