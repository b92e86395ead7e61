/// A stretch of an export, parsed and ready to store: what the reading thread hands the
/// writing one (``BatchChannel``). Strings are numbers of the reader's ``ByteInterner``; a
/// batch brings the strings first seen in it. Free text (metadata values, beat times) sits in
/// one byte arena, so a batch of ten thousand samples is a handful of allocations.
struct HealthBatch: Sendable {
  /// The number of the first string in `newStrings`.
  var firstNewString: Int32 = 0
  /// Strings first interned while reading this batch, in number order.
  var newStrings: [String] = []
  var samples: [HealthSampleRow] = []
  var metadata: [HealthMetadataRow] = []
  var beats: [HealthBeatRow] = []
  /// Attributes the importer does not know, on samples: kept with their owner.
  var extras: [HealthExtraRow] = []
  /// The bytes of every ``HealthTextSpan`` in this batch.
  var text: [UInt8] = []
  var correlations: [HealthCorrelationItem] = []
  /// Workouts, activity summaries, `Me`, `ExportDate`, and elements kept as they are.
  var elements: [HealthElementItem] = []
  /// Route files read after the XML: their points, for the routes that name them.
  var routes: [HealthRouteFile] = []
  var problems: [ImportProblem] = []
  var skipped = 0
  /// Input bytes read so far (of the XML), and how many there are, for progress.
  var bytesRead: Int64 = 0
  var bytesTotal: Int64 = 0
  /// The root's `locale` (`en_US`), in the batch that read it.
  var locale: String?

  var isEmpty: Bool {
    samples.isEmpty && correlations.isEmpty && elements.isEmpty && routes.isEmpty
  }
}

/// Text in a batch's arena.
struct HealthTextSpan: Sendable {
  var start: Int32
  var count: Int32
}

/// One `Record`: the columns of `health_samples`, with its children in the batch's lists.
struct HealthSampleRow: Sendable {
  static let none: Int32 = -1
  var type: Int32
  var source: Int32
  var sourceVersion: Int32 = none
  var device: Int32 = none
  var unit: Int32 = none
  /// The numeric value; nil for a category or absent value.
  var value: Double?
  /// A value that is not a number (category values such as `…AsleepCore`).
  var valueText: Int32 = none
  var start: Int64 = 0
  var end: Int64 = 0
  var startOffset: Int32 = 0
  var endOffset: Int32 = 0
  var creation: Int64?
  /// The `HKTimeZone` metadata, the zone the sample's local days are read in.
  var timeZone: Int32 = none
  /// The sample's identity: a hash of its whole content (SPEC §5.0).
  var hash: Int64 = 0
  var metadata: Range<Int32> = 0..<0
  var beats: Range<Int32> = 0..<0
  var extras: Range<Int32> = 0..<0
  /// The correlation of this batch it is a member of, or `none`.
  var correlation: Int32 = none
  /// Its position among the file's Record elements, 1-based, for problems.
  var ordinal: Int
}

/// A `MetadataEntry`.
struct HealthMetadataRow: Sendable {
  var key: Int32
  var value: HealthTextSpan
}

/// An `InstantaneousBeatsPerMinute` of an HRV sample's beat list.
struct HealthBeatRow: Sendable {
  var bpm: Double
  /// The time as written (locale-formatted, no date or offset; reference/health.md §2.5).
  var time: HealthTextSpan
  /// The instant it stands for, rebuilt from the parent's start; nil when unreadable.
  var instant: Int64?
}

/// An attribute the importer does not model.
struct HealthExtraRow: Sendable {
  var name: Int32
  var value: HealthTextSpan
}

/// A `Correlation`: its header element, whose members are the samples of the batch that
/// point to it.
struct HealthCorrelationItem: Sendable {
  var node: HealthNode
  var hash: Int64
  var ordinal: Int
}

/// An element other than a Record, read whole with its children.
struct HealthElementItem: Sendable {
  enum Kind: Sendable, Equatable {
    case workout, activitySummary, me, exportDate, healthData
    /// Not modelled (ClinicalRecord, Audiogram, VisionPrescription, or unknown): kept as is.
    case other
  }
  var kind: Kind
  var node: HealthNode
  var hash: Int64
  var ordinal: Int
}

/// An element as read: name, attributes in file order with entities decoded, children.
struct HealthNode: Sendable, Equatable {
  var name: String
  var attributes: [HealthAttribute]
  var children: [HealthNode] = []

  /// The value of the attribute called `name`.
  func value(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// One attribute of a ``HealthNode``.
struct HealthAttribute: Sendable, Equatable {
  var name: String
  var value: String
}

/// A GPX file of the export's `workout-routes/` folder and its points.
struct HealthRouteFile: Sendable {
  /// As a `FileReference` names it: `/workout-routes/route_….gpx`.
  var path: String
  var points: [HealthRoutePoint]
}

/// One point of a workout route.
struct HealthRoutePoint: Sendable, Equatable {
  var time: Int64?
  var latitude: Double
  var longitude: Double
  var elevation: Double?
  var speed: Double?
  var course: Double?
  var horizontalAccuracy: Double?
  var verticalAccuracy: Double?
}
