import DispatchCore
import DispatchSupport

/// The formats `dispatch import` reads, with the names the import summary uses
/// (docs/import-export.md#the-import-summary).
public enum ImportFormat: String, Sendable, CaseIterable {
  case reporterJSON = "reporter-json"
  case reporterCSV = "reporter-csv"
  case dispatchV2 = "dispatch-v2"
  case appleHealth = "apple-health"
  case atracker
  case wellness
  case easypillMedications = "easypill-medications"
  case easypillDoses = "easypill-doses"
  case introspectiveMoods = "introspective-moods"
  case introspectiveActivities = "introspective-activities"
  case introspectiveMedications = "introspective-medications"
  /// Dispatch's fatigue file in the `introspective-csv` export (Introspective's unwired layout).
  case introspectiveFatigue = "introspective-fatigue"
  case introspectiveMetricContext = "introspective-metric-context"
  case introspectiveLostItems = "introspective-lost-items"
  case questionsJSON = "questions-json"
  case questionsCSV = "questions-csv"
}

/// Where an imported question's type came from, in increasing authority
/// (docs/import-export.md#how-imports-merge): on a merge a stated type replaces an inferred one,
/// and a type inferred from JSON payloads replaces one inferred from CSV cells.
public enum QuestionTypeSource: Int, Sendable, Comparable {
  case inferredFromCSV = 0
  case inferredFromJSON = 1
  case stated = 2

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether the type was inferred rather than stated by the source.
  public var isInferred: Bool { self != .stated }
}

/// A question as a source file describes it.
public struct ImportedQuestion: Sendable, Equatable {
  /// The definition; its ID is the source's, or a deterministic UUIDv5 when it had none.
  public var question: Question
  /// Whether the source gave the ID. A question without one merges by exact prompt.
  public var hasSourceID: Bool
  public var typeSource: QuestionTypeSource

  public init(question: Question, hasSourceID: Bool, typeSource: QuestionTypeSource) {
    self.question = question
    self.hasSourceID = hasSourceID
    self.typeSource = typeSource
  }
}

/// A record that could not be imported, or a field that was dropped, with its location.
public struct ImportProblem: Sendable, Equatable {
  /// The file, as given on the command line.
  public var file: String
  /// 1-based position in the file's main array, or the CSV data row number.
  public var record: Int
  /// The record's ID when it has one.
  public var id: String?
  /// The offending field, when one is to blame.
  public var field: String?
  /// Lowercase, one line.
  public var reason: String

  public init(file: String, record: Int, id: String? = nil, field: String? = nil, reason: String) {
    self.file = file
    self.record = record
    self.id = id
    self.field = field
    self.reason = reason
  }

  /// `file: record N (id X), field F: reason`.
  public var description: String {
    var text = "\(file): record \(record)"
    if let id { text += " (\(id))" }
    if let field { text += ", field '\(field)'" }
    return text + ": " + reason
  }
}

/// Everything one source file contributes, before it is merged into a store.
public struct ImportBatch: Sendable {
  public var path: String
  public var format: ImportFormat
  public var questions: [ImportedQuestion]
  public var reports: [Report]
  public var promptGroups: [PromptGroup]
  public var people: [Person]
  /// Malformed records that were skipped, each with its location.
  public var problems: [ImportProblem]
  /// How many records were skipped (problems may also note dropped fields of kept records).
  public var skipped: Int
  /// Whether the reports may merge with stored reports of the same instant, adding only what
  /// the store lacks (Reporter CSV rows, which carry less than the JSON of the same report).
  public var mergesByInstant: Bool
  /// Moods, activities, medications and the other direct records (Introspective's family).
  public var records = DirectRecordBatch()
  /// A stretch of an Apple Health export.
  package var health: HealthBatch?
  /// Reports whose dates carried no zone and were read in the import's default zone
  /// (Reporter's oldest files write seconds since 2001).
  public var zonelessDates = 0

  public init(
    path: String, format: ImportFormat, questions: [ImportedQuestion] = [],
    reports: [Report] = [], promptGroups: [PromptGroup] = [], people: [Person] = [],
    problems: [ImportProblem] = [], skipped: Int = 0, mergesByInstant: Bool = false
  ) {
    self.path = path
    self.format = format
    self.questions = questions
    self.reports = reports
    self.promptGroups = promptGroups
    self.people = people
    self.problems = problems
    self.skipped = skipped
    self.mergesByInstant = mergesByInstant
  }
}

/// The direct records one file contributes (docs/records.md#direct-records,
/// docs/import-export.md#dispatch-import-path).
public struct DirectRecordBatch: Sendable {
  public var ratings: [RatingRecord] = []
  /// Definitions the activities refer to; a stored definition of the same name (ignoring case
  /// and accents) is used instead, as it is.
  public var activityDefinitions: [ActivityDefinition] = []
  public var activities: [ActivityRecord] = []
  /// Medications the doses refer to, matched by name like activity definitions.
  public var medications: [Medication] = []
  /// Whether a stored medication of the same name takes this file's fields (EasyPill) or stays
  /// as it is (Introspective's own files).
  public var updatesStoredMedications = false
  public var doses: [MedicationDose] = []
  public var metricContext: [MetricContextEntry] = []
  public var lostItems: [LostItemEvent] = []

  public init() {}

  public var isEmpty: Bool {
    ratings.isEmpty && activityDefinitions.isEmpty && activities.isEmpty && medications.isEmpty
      && doses.isEmpty && metricContext.isEmpty && lostItems.isEmpty
  }
}

/// What importers need beyond the bytes: the zone for zone-less dates and the mood scale
/// (Wellness's 1–7 moods are rescaled onto it unless `rescalesMoods` is off).
public struct ImportOptions: Sendable {
  public var defaultTimeZone: String
  public var moodScale: RatingScale
  public var rescalesMoods: Bool
  /// The stored medications' names, folded with ``NameKey/normalize(_:)``: an EasyPill dose of
  /// any other medication (not defined elsewhere in the same run either) is skipped, as
  /// Introspective refused it (docs/formats/introspective.md#easypill-doses). nil: not checked.
  public var knownMedicationNames: Set<String>?

  public init(
    defaultTimeZone: String, moodScale: RatingScale = .mood, rescalesMoods: Bool = true,
    knownMedicationNames: Set<String>? = nil
  ) {
    self.defaultTimeZone = defaultTimeZone
    self.moodScale = moodScale
    self.rescalesMoods = rescalesMoods
    self.knownMedicationNames = knownMedicationNames
  }
}

/// A file that is not in any format Dispatch reads, or cannot be read at all.
public struct ImportError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// The file does not exist or cannot be read (exit 66).
    case unreadable
    /// The file is not a format Dispatch reads, or is broken as a whole (exit 65).
    case unrecognized
  }

  public let kind: Kind
  public let file: String
  public let reason: String

  public init(_ kind: Kind, file: String, reason: String) {
    self.kind = kind
    self.file = file
    self.reason = reason
  }

  public var description: String { "\(file): \(reason)" }
}

extension ImportError: CategorizedError {
  public var category: FailureCategory { kind == .unreadable ? .noInput : .dataError }
  public var failureMessage: String { description }
}
