/// A stretch of an export, parsed and ready to store: what the reading thread hands the
/// writing one (``BatchChannel``). Strings are numbers of the reader's ``ByteInterner``; a
/// batch brings the strings first seen in it. Free text (metadata values, beat times) sits in
/// one byte arena, so a batch of ten thousand samples is a handful of allocations.
package struct HealthBatch: Sendable {
  /// The number of the first string in `newStrings`.
  package var firstNewString: Int32 = 0
  /// Strings first interned while reading this batch, in number order.
  package var newStrings: [String] = []
  package var samples: [HealthSampleRow] = []
  package var metadata: [HealthMetadataRow] = []
  package var beats: [HealthBeatRow] = []
  /// Attributes the importer does not know, on samples: kept with their owner.
  package var extras: [HealthExtraRow] = []
  /// The bytes of every ``HealthTextSpan`` in this batch.
  package var text: [UInt8] = []
  package var correlations: [HealthCorrelationItem] = []
  /// Workouts, activity summaries, `Me`, `ExportDate`, and elements kept as they are.
  package var elements: [HealthElementItem] = []
  /// Route files read after the XML: their points, for the routes that name them.
  package var routes: [HealthRouteFile] = []
  package var problems: [ImportProblem] = []
  package var skipped = 0
  /// Input bytes read so far (of the XML), and how many there are, for progress.
  package var bytesRead: Int64 = 0
  package var bytesTotal: Int64 = 0
  /// The root's `locale` (`en_US`), in the batch that read it.
  package var locale: String?

  package init(
    firstNewString: Int32 = 0, newStrings: [String] = [], samples: [HealthSampleRow] = [],
    metadata: [HealthMetadataRow] = [], beats: [HealthBeatRow] = [], extras: [HealthExtraRow] = [],
    text: [UInt8] = [], correlations: [HealthCorrelationItem] = [],
    elements: [HealthElementItem] = [], routes: [HealthRouteFile] = [],
    problems: [ImportProblem] = [], skipped: Int = 0, bytesRead: Int64 = 0, bytesTotal: Int64 = 0,
    locale: String? = nil
  ) {
    self.firstNewString = firstNewString
    self.newStrings = newStrings
    self.samples = samples
    self.metadata = metadata
    self.beats = beats
    self.extras = extras
    self.text = text
    self.correlations = correlations
    self.elements = elements
    self.routes = routes
    self.problems = problems
    self.skipped = skipped
    self.bytesRead = bytesRead
    self.bytesTotal = bytesTotal
    self.locale = locale
  }

  package var isEmpty: Bool {
    samples.isEmpty && correlations.isEmpty && elements.isEmpty && routes.isEmpty
  }
}

/// Text in a batch's arena.
package struct HealthTextSpan: Sendable {
  package var start: Int32
  package var count: Int32

  package init(start: Int32, count: Int32) {
    self.start = start
    self.count = count
  }
}

/// One `Record`: the columns of `health_samples`, with its children in the batch's lists.
package struct HealthSampleRow: Sendable {
  package static let none: Int32 = -1
  package var type: Int32
  package var source: Int32
  package var sourceVersion: Int32 = none
  package var device: Int32 = none
  package var unit: Int32 = none
  /// The numeric value; nil for a category or absent value.
  package var value: Double?
  /// A value that is not a number (category values such as `…AsleepCore`).
  package var valueText: Int32 = none
  package var start: Int64 = 0
  package var end: Int64 = 0
  package var startOffset: Int32 = 0
  package var endOffset: Int32 = 0
  package var creation: Int64?
  /// The `HKTimeZone` metadata, the zone the sample's local days are read in.
  package var timeZone: Int32 = none
  /// The sample's identity: a hash of its whole content (docs/formats/apple-health.md#identity).
  package var hash: Int64 = 0
  package var metadata: Range<Int32> = 0..<0
  package var beats: Range<Int32> = 0..<0
  package var extras: Range<Int32> = 0..<0
  /// The correlation of this batch it is a member of, or `none`.
  package var correlation: Int32 = none
  /// Its position among the file's Record elements, 1-based, for problems.
  package var ordinal: Int

  package init(
    type: Int32, source: Int32, sourceVersion: Int32 = none, device: Int32 = none,
    unit: Int32 = none, value: Double? = nil, valueText: Int32 = none, start: Int64 = 0,
    end: Int64 = 0, startOffset: Int32 = 0, endOffset: Int32 = 0, creation: Int64? = nil,
    timeZone: Int32 = none, hash: Int64 = 0, metadata: Range<Int32> = 0..<0,
    beats: Range<Int32> = 0..<0, extras: Range<Int32> = 0..<0, correlation: Int32 = none,
    ordinal: Int
  ) {
    self.type = type
    self.source = source
    self.sourceVersion = sourceVersion
    self.device = device
    self.unit = unit
    self.value = value
    self.valueText = valueText
    self.start = start
    self.end = end
    self.startOffset = startOffset
    self.endOffset = endOffset
    self.creation = creation
    self.timeZone = timeZone
    self.hash = hash
    self.metadata = metadata
    self.beats = beats
    self.extras = extras
    self.correlation = correlation
    self.ordinal = ordinal
  }
}

/// A `MetadataEntry`.
package struct HealthMetadataRow: Sendable {
  package var key: Int32
  package var value: HealthTextSpan

  package init(key: Int32, value: HealthTextSpan) {
    self.key = key
    self.value = value
  }
}

/// An `InstantaneousBeatsPerMinute` of an HRV sample's beat list.
package struct HealthBeatRow: Sendable {
  package var bpm: Double
  /// The time as written (locale-formatted, no date or offset;
  /// docs/formats/apple-health.md#hrv-beat-lists).
  package var time: HealthTextSpan
  /// The instant it stands for, rebuilt from the parent's start; nil when unreadable.
  package var instant: Int64?

  package init(bpm: Double, time: HealthTextSpan, instant: Int64? = nil) {
    self.bpm = bpm
    self.time = time
    self.instant = instant
  }
}

/// An attribute the importer does not model.
package struct HealthExtraRow: Sendable {
  package var name: Int32
  package var value: HealthTextSpan

  package init(name: Int32, value: HealthTextSpan) {
    self.name = name
    self.value = value
  }
}

/// A `Correlation`: its header element, whose members are the samples of the batch that
/// point to it.
package struct HealthCorrelationItem: Sendable {
  package var node: HealthNode
  package var hash: Int64
  package var ordinal: Int

  package init(node: HealthNode, hash: Int64, ordinal: Int) {
    self.node = node
    self.hash = hash
    self.ordinal = ordinal
  }
}

/// An element other than a Record, read whole with its children.
package struct HealthElementItem: Sendable {
  package enum Kind: Sendable, Equatable {
    case workout, activitySummary, me, exportDate, healthData
    /// Not modelled (ClinicalRecord, Audiogram, VisionPrescription, or unknown): kept as is.
    case other
  }
  package var kind: Kind
  package var node: HealthNode
  package var hash: Int64
  package var ordinal: Int

  package init(kind: Kind, node: HealthNode, hash: Int64, ordinal: Int) {
    self.kind = kind
    self.node = node
    self.hash = hash
    self.ordinal = ordinal
  }
}

/// An element as read: name, attributes in file order with entities decoded, children.
package struct HealthNode: Sendable, Equatable {
  package var name: String
  package var attributes: [HealthAttribute]
  package var children: [HealthNode] = []

  package init(name: String, attributes: [HealthAttribute], children: [HealthNode] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The value of the attribute called `name`.
  func value(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// One attribute of a ``HealthNode``.
package struct HealthAttribute: Sendable, Equatable {
  package var name: String
  package var value: String

  package init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A GPX file of the export's `workout-routes/` folder and its points.
package struct HealthRouteFile: Sendable {
  /// As a `FileReference` names it: `/workout-routes/route_….gpx`.
  package var path: String
  package var points: [HealthRoutePoint]
  /// The position of the first of these points in the file: a large file arrives in parts.
  package var firstPosition: Int

  package init(path: String, points: [HealthRoutePoint], firstPosition: Int = 0) {
    self.path = path
    self.points = points
    self.firstPosition = firstPosition
  }
}

/// One point of a workout route.
package struct HealthRoutePoint: Sendable, Equatable {
  package var time: Int64?
  package var latitude: Double
  package var longitude: Double
  package var elevation: Double?
  package var speed: Double?
  package var course: Double?
  package var horizontalAccuracy: Double?
  package var verticalAccuracy: Double?

  package init(
    time: Int64? = nil, latitude: Double, longitude: Double, elevation: Double? = nil,
    speed: Double? = nil, course: Double? = nil, horizontalAccuracy: Double? = nil,
    verticalAccuracy: Double? = nil
  ) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.speed = speed
    self.course = course
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
  }
}
