import DispatchCore
import DispatchSupport

/// What one `dispatch import` run did (docs/import-export.md#the-import-summary): one object for
/// the whole run.
public struct ImportSummary: Sendable, Equatable {
  /// Every counter of docs/import-export.md#the-import-summary, in the order the JSON object lists
  /// them.
  public static let counterNames = [
    "reportsImported", "questionsImported", "responsesImported", "promptGroupsImported",
    "peopleImported", "moodsImported", "fatigueImported", "activitiesImported",
    "medicationsImported", "dosesImported", "metricContextImported", "lostItemsImported",
    "recordsImported", "workoutsImported", "activitySummariesImported", "correlationsImported",
    "metadataEntriesImported", "unknownElements", "updated", "unchanged", "skipped", "inferred",
  ]

  /// The files read, with their detected formats, in the order given.
  public var files: [(path: String, format: ImportFormat)] = []
  /// Reports whose Apple Health readings this run worked out (not a counter of
  /// docs/import-export.md#the-import-summary).
  public var healthContextReports = 0
  /// Reports whose dates carried no zone, read in ``assumedZone`` (not a counter either: the
  /// text summary says which zone was used).
  public var zonelessDates = 0
  /// The zone zone-less dates were read in.
  public var assumedZone: String?
  /// Counter values by name; a name not present is 0.
  public var counters: [String: Int] = [:]
  public var problems: [ImportProblem] = []
  /// When each workout this import added ended: a recent one fires the workout-end groups
  /// (docs/daemon.md#events-dispatch-trigger).
  public var newWorkoutEnds: [Instant] = []

  public init() {}

  /// A counter's value.
  public subscript(_ name: String) -> Int {
    get { counters[name] ?? 0 }
    set { counters[name] = newValue }
  }

  /// Whether the run added or changed anything.
  public var changedAnything: Bool {
    Self.counterNames.contains { $0.hasSuffix("Imported") && self[$0] > 0 } || self["updated"] > 0
  }

  public static func == (lhs: ImportSummary, rhs: ImportSummary) -> Bool {
    lhs.files.map(\.path) == rhs.files.map(\.path)
      && lhs.files.map(\.format) == rhs.files.map(\.format)
      && Self.counterNames.allSatisfy { lhs[$0] == rhs[$0] } && lhs.problems == rhs.problems
  }

  /// The summary object of docs/import-export.md#the-import-summary: `files`, every counter,
  /// `problems`.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      (
        "files",
        .array(
          files.map {
            .object([("path", .string($0.path)), ("format", .string($0.format.rawValue))])
          })
      )
    ]
    for name in Self.counterNames {
      members.append((name, .int(Int64(self[name]))))
    }
    members.append(
      (
        "problems",
        .array(
          problems.map { problem in
            .object([
              ("file", .string(problem.file)), ("record", .int(Int64(problem.record))),
              ("id", problem.id.map(JSONValue.string) ?? .null),
              ("field", problem.field.map(JSONValue.string) ?? .null),
              ("reason", .string(problem.reason)),
            ])
          })
      ))
    return .object(members)
  }
}
