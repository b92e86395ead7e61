import DispatchCore

/// Counts and the mean of the answers to one item (overall stress or one stressor).
///
/// Skipped and "not applicable" answers are counted apart and never enter the mean: a skip is
/// missing data, and "not applicable" says the stressor did not concern the person then, which
/// is not the same as a 0.
public struct StressTally: Sendable, Equatable {
  /// Answers with a rating.
  public private(set) var rated = 0
  /// Answers explicitly skipped.
  public private(set) var skipped = 0
  /// Answers marked "not applicable".
  public private(set) var notApplicable = 0
  /// The sum of the ratings.
  public private(set) var sum = 0
  /// The highest rating, if any.
  public private(set) var highest: Int?

  /// An empty tally.
  public init() {}

  /// A tally of `answers`.
  public init(_ answers: [StressAnswer]) {
    for answer in answers { add(answer) }
  }

  /// Counts one more answer.
  public mutating func add(_ answer: StressAnswer) {
    switch answer {
    case .rated(let value):
      rated += 1
      sum += value
      highest = max(highest ?? value, value)
    case .skipped: skipped += 1
    case .notApplicable: notApplicable += 1
    }
  }

  /// Every answer counted.
  public var answers: Int { rated + skipped + notApplicable }

  /// The mean rating; nil without ratings.
  public var average: Double? {
    rated == 0 ? nil : Double(sum) / Double(rated)
  }
}

/// The least-squares slope of ratings over time, in scale points per week.
///
/// A slope describes how the ratings moved, not why; with few check-ins it mostly reflects
/// noise, so below ``minimumCheckIns`` rated check-ins there is no slope, only the count.
public struct StressTrend: Sendable, Equatable {
  /// The fewest rated check-ins a slope is computed from.
  public static let minimumCheckIns = 4

  /// The rated check-ins the fit rests on.
  public let checkIns: Int
  /// Points per week; nil with fewer than ``minimumCheckIns`` check-ins or when they all share
  /// one instant.
  public let slopePerWeek: Double?

  /// A trend with these values, for tests and decoding.
  public init(checkIns: Int, slopePerWeek: Double?) {
    self.checkIns = checkIns
    self.slopePerWeek = slopePerWeek
  }

  /// Fits a line to `points` (instant, rating) by ordinary least squares.
  public static func fit(_ points: [(instant: Instant, value: Int)]) -> StressTrend {
    guard points.count >= minimumCheckIns else {
      return StressTrend(checkIns: points.count, slopePerWeek: nil)
    }
    // Weeks since the first point keep the numbers small; the slope does not depend on origin.
    let origin = points.map(\.instant.milliseconds).min() ?? 0
    let xs = points.map { Double($0.instant.milliseconds - origin) / 604_800_000 }
    let ys = points.map { Double($0.value) }
    let count = Double(points.count)
    let meanX = xs.reduce(0, +) / count
    let meanY = ys.reduce(0, +) / count
    var covariance = 0.0
    var variance = 0.0
    for (x, y) in zip(xs, ys) {
      covariance += (x - meanX) * (y - meanY)
      variance += (x - meanX) * (x - meanX)
    }
    guard variance > 0 else { return StressTrend(checkIns: points.count, slopePerWeek: nil) }
    return StressTrend(checkIns: points.count, slopePerWeek: covariance / variance)
  }
}

/// Local calendar days of check-ins.
public enum StressDay {
  /// The local day of `time` where it was recorded, as days since 1970-01-01
  /// (docs/store.md#instants-and-local-days: a check-in made abroad counts on the day it was
  /// there).
  public static func number(_ time: RecordTime) -> Int {
    let local = time.instant.milliseconds + Int64(time.utcOffsetSeconds) * 1000
    return Int((local - (((local % 86_400_000) + 86_400_000) % 86_400_000)) / 86_400_000)
  }

  /// `YYYY-MM-DD` of a day number.
  public static func text(_ day: Int) -> String {
    CivilTime(milliseconds: Int64(day) * 86_400_000, offsetSeconds: 0).dateText
  }

  /// The day a date bound names: a local day as is; an instant read in `zone`.
  public static func number(_ bound: DateBound, zone: String) -> Int {
    switch bound {
    case .localDay(let day): return day
    case .instant(let instant):
      return number(RecordTime.at(instant, zone: zone))
    }
  }
}
