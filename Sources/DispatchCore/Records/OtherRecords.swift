/// An answer on an anchored stress scale, or why there is none (docs/records.md#stress-check-ins).
public enum StressAnswer: Sendable, Equatable {
  case rated(Int)
  case skipped
  case notApplicable

  /// The stored status word: `rated`, `skipped` or `notApplicable`.
  public var status: String {
    switch self {
    case .rated: "rated"
    case .skipped: "skipped"
    case .notApplicable: "notApplicable"
    }
  }

  public var value: Int? {
    if case .rated(let value) = self { return value }
    return nil
  }
}

/// A stress check-in: overall stress and personal stressors, each on the anchored 0–10 scale.
public struct StressCheckIn: Sendable, Equatable, Identifiable {
  public var id: String
  public var time: RecordTime
  public var overall: StressAnswer
  /// Stressor name and its answer, in the order asked.
  public var stressors: [(name: String, answer: StressAnswer)]
  public var note: String?

  public init(
    id: String, time: RecordTime, overall: StressAnswer,
    stressors: [(name: String, answer: StressAnswer)] = [], note: String? = nil
  ) {
    self.id = id
    self.time = time
    self.overall = overall
    self.stressors = stressors
    self.note = note
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.time == rhs.time && lhs.overall == rhs.overall
      && lhs.note == rhs.note && lhs.stressors.count == rhs.stressors.count
      && zip(lhs.stressors, rhs.stressors).allSatisfy {
        $0.name == $1.name && $0.answer == $1.answer
      }
  }
}

/// A dated note about circumstances that limit a metric's readings (illness, travel, a device
/// not worn), for one metric or all, over an optional range (docs/records.md#metric-context).
public struct MetricContextEntry: Sendable, Equatable, Identifiable {
  public var id: String
  /// The metric (`steps`, `mood`, a question's prompt, …); nil: every metric.
  public var metric: String?
  public var from: RecordTime
  /// nil: the `from` day only.
  public var to: Instant?
  public var note: String

  public init(id: String, metric: String?, from: RecordTime, to: Instant? = nil, note: String) {
    self.id = id
    self.metric = metric
    self.from = from
    self.to = to
    self.note = note
  }
}

/// Something misplaced or lost: a forgetfulness proxy (docs/records.md#lost-items).
public struct LostItemEvent: Sendable, Equatable, Identifiable {
  public var id: String
  public var item: String
  /// When the loss was noticed.
  public var noticed: RecordTime
  /// Where it was lost or found, when known.
  public var place: String?
  /// When it was found; nil while still missing.
  public var foundAt: Instant?
  public var note: String?

  public init(
    id: String, item: String, noticed: RecordTime, place: String? = nil, foundAt: Instant? = nil,
    note: String? = nil
  ) {
    self.id = id
    self.item = item
    self.noticed = noticed
    self.place = place
    self.foundAt = foundAt
    self.note = note
  }

  public var isFound: Bool { foundAt != nil }
}
