/// A health type's values per day or week in local time (`dispatch health show`).
public struct HealthSeries: Sendable, Equatable {
  /// Periods of a series.
  public enum Period: String, Sendable, CaseIterable { case day, week }

  public var type: String
  /// How a period's value is made: summed (de-duplicated across sources), averaged, or, for
  /// categories, hours covered (de-duplicated).
  public var aggregation: HealthAggregation
  /// The unit of `value` (the type's most common unit; hours for categories).
  public var unit: String?
  public var period: Period
  public var points: [Point]

  public init(
    type: String, aggregation: HealthAggregation, unit: String? = nil, period: Period,
    points: [Point]
  ) {
    self.type = type
    self.aggregation = aggregation
    self.unit = unit
    self.period = period
    self.points = points
  }

  /// One day or week.
  public struct Point: Sendable, Equatable {
    /// `YYYY-MM-DD`: the day, or the Monday that starts the week.
    public var date: String
    /// The sum, the mean, or the hours.
    public var value: Double
    /// Samples that contributed.
    public var count: Int
    /// The smallest and largest sample (discrete types).
    public var minimum: Double?
    public var maximum: Double?
    /// The plain sum of every source, which double counts; for comparison.
    public var rawSum: Double?
  }
}

/// The part of a stored sample that falls on one local day, as a series needs it: a sample
/// that crosses midnight is split in proportion to its time on each side (sleep is not: a
/// night's stages belong to the day it ends).
public struct HealthSeriesSample: Sendable, Equatable {
  public var rank: Int
  public var start: Int64
  public var end: Int64
  public var value: Double
  /// Days since 1970-01-01 of the local date this part belongs to.
  public var day: Int
  /// The UTC offset of the sample's own zone at `start`, in seconds.
  public var offsetSeconds: Int

  public init(rank: Int, start: Int64, end: Int64, value: Double, day: Int, offsetSeconds: Int = 0)
  {
    self.rank = rank
    self.start = start
    self.end = end
    self.value = value
    self.day = day
    self.offsetSeconds = offsetSeconds
  }
}

extension HealthSeries {
  /// How much of each sample a total counts, in the input's order: the de-duplicated share for
  /// sums (``HealthDeduplication``), the de-duplicated hours covered for categories, the value
  /// itself for averages. Every figure built from Health samples goes through here.
  public static func shares(aggregation: HealthAggregation, samples: [HealthSeriesSample])
    -> [Double]
  {
    switch aggregation {
    case .cumulative:
      return HealthDeduplication.contributions(
        samples.map { .init(rank: $0.rank, start: $0.start, end: $0.end, value: $0.value) })
    case .categorical:
      return HealthDeduplication.contributions(
        samples.map {
          .init(rank: $0.rank, start: $0.start, end: $0.end, value: $0.hours)
        })
    case .discrete, .none:
      return samples.map(\.value)
    }
  }

  /// Groups `samples` into periods: sums and categories add their ``shares(aggregation:samples:)``,
  /// averages take the mean of the samples.
  public static func make(
    type: String, aggregation: HealthAggregation, unit: String?, period: Period,
    samples: [HealthSeriesSample]
  ) -> HealthSeries {
    let values = shares(aggregation: aggregation, samples: samples)
    var groups: [Int: (sum: Double, count: Int, minimum: Double, maximum: Double, raw: Double)] =
      [:]
    for (sample, share) in zip(samples, values) {
      let key = period == .day ? sample.day : sample.day - (sample.day + 3).floorModulo(7)
      var group = groups[key] ?? (0, 0, .infinity, -.infinity, 0)
      group.sum += share
      group.count += 1
      group.minimum = min(group.minimum, sample.value)
      group.maximum = max(group.maximum, sample.value)
      group.raw += aggregation == .categorical ? sample.hours : sample.value
      groups[key] = group
    }
    let points = groups.keys.sorted().map { key -> Point in
      let group = groups[key] ?? (0, 0, 0, 0, 0)
      let date = CivilTime(milliseconds: Int64(key) * 86_400_000, offsetSeconds: 0).dateText
      switch aggregation {
      case .discrete, .none:
        return Point(
          date: date, value: group.sum / Double(max(group.count, 1)), count: group.count,
          minimum: group.minimum, maximum: group.maximum, rawSum: nil)
      case .cumulative, .categorical:
        return Point(
          date: date, value: group.sum, count: group.count, minimum: nil, maximum: nil,
          rawSum: group.raw)
      }
    }
    return HealthSeries(
      type: type, aggregation: aggregation, unit: aggregation == .categorical ? "hr" : unit,
      period: period, points: points)
  }
}

extension HealthSeriesSample {
  /// The hours this part covers.
  var hours: Double { Double(end - start) / 3_600_000 }
}

extension Int {
  /// The remainder with the sign of the divisor.
  func floorModulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
