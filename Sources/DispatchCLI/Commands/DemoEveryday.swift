import DispatchKit
import Foundation

/// What the demo summary shows of the everyday conveniences: the status line as it read when
/// the demo history ends, and the people most mentioned.
struct DemoEveryday {
  let status: StatusSnapshot
  let statusLine: StatusLine
  let people: [Person]
  /// The moment the status line is read at: 21:00 on the demo's last day, in its home zone.
  let moment: String

  init(path: String) throws {
    let configuration = DemoConfiguration()
    moment = configuration.endDay + " 21:00"
    let zone = TimeZone(identifier: DemoConfiguration.homeTimeZone) ?? .gmt
    guard let wall = Instant.parseISO8601(configuration.endDay + "T21:00:00Z")?.instant else {
      throw CLIError(.failure, "the demo's last day is not a date")
    }
    // 21:00 on the wall clock there: the zone's offset that day, not today's.
    let instant = wall.adding(seconds: -Int64(zone.secondsFromGMT(for: wall.date)))
    let store = try DispatchStore(path: path, access: .readOnly, clock: FixedWallClock(instant))
    status = try store.statusSnapshot()
    statusLine = StatusLine(snapshot: status, zone: zone)
    people = try store.people().sorted { $0.usageCount > $1.usageCount }
  }

  /// Lines for the text summary.
  var lines: [String] {
    [
      "  Status line ('dispatch status'), as at \(moment): " + statusLine.long,
      "  People ('dispatch people'): "
        + people.prefix(5).map { "\($0.displayName) (\($0.usageCount))" }.joined(separator: ", ")
        + (people.count > 5 ? ", …" : ""),
    ]
  }

  /// Members added to the JSON summary.
  var jsonMembers: [(String, JSONValue)] {
    [("status", statusLine.json)]
  }
}
