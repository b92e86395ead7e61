import DispatchCore

/// A number question's answers per local period: each period's mean and range, with every
/// empty period between the first and the last kept, so a chart can leave a gap there rather
/// than draw across it (docs/charts.md#question-series).
public struct NumberPeriods: Sendable, Equatable {
  /// One period: its first local day, its label and the answers' count, mean and range.
  public struct Period: Sendable, Equatable {
    /// Days since 1970-01-01 of the period's first local day (weeks start on Monday).
    public var firstDay: Int
    /// `YYYY-MM-DD` of that day.
    public var label: String
    /// Answers in the period; 0 for an empty period (a gap).
    public var count: Int
    /// The arithmetic mean, lowest and highest answer; nil for an empty period.
    public var mean: Double?
    public var lowest: Double?
    public var highest: Double?

    public init(
      firstDay: Int, label: String, count: Int, mean: Double?, lowest: Double?, highest: Double?
    ) {
      self.firstDay = firstDay
      self.label = label
      self.count = count
      self.mean = mean
      self.lowest = lowest
      self.highest = highest
    }
  }

  public var unit: OptionSharesOverTime.Period
  /// Oldest first, every period from the first answered to the last.
  public var periods: [Period]

  public init(unit: OptionSharesOverTime.Period, periods: [Period]) {
    self.unit = unit
    self.periods = periods
  }

  /// The answers to `question` per `unit` (nil: the unit that fits the answers' range, see
  /// ``OptionSharesOverTime/Period/fitting(firstDay:lastDay:)``), each report in its own
  /// local time.
  public static func build(
    question: Question, reports: [Report], unit: OptionSharesOverTime.Period?
  ) -> NumberPeriods {
    var answers: [(day: Int, value: Double)] = []
    for (report, response) in VisualizationData.responses(of: question, in: reports) {
      guard let value = response.numericValue, value.isFinite else { continue }
      answers.append((report.date.localDay(offsetSeconds: report.utcOffsetSeconds), value))
    }
    return grouped(answers, unit: unit)
  }

  /// Answers (local day, value) per `unit` (nil: the one that fits their range), every period
  /// from the first answered to the last, empty ones included as gaps.
  static func grouped(_ answers: [(day: Int, value: Double)], unit: OptionSharesOverTime.Period?)
    -> NumberPeriods
  {
    let days = answers.map(\.day)
    let unit = unit ?? .fitting(firstDay: days.min() ?? 0, lastDay: days.max() ?? 0)
    var byPeriod: [Int: [Double]] = [:]
    for answer in answers {
      byPeriod[OptionSharesOverTime.firstDay(of: answer.day, unit), default: []].append(
        answer.value)
    }
    guard let first = byPeriod.keys.min(), let last = byPeriod.keys.max() else {
      return NumberPeriods(unit: unit, periods: [])
    }
    var periods: [Period] = []
    var day = first
    while day <= last {
      let values = byPeriod[day] ?? []
      periods.append(
        Period(
          firstDay: day, label: OptionSharesOverTime.label(day), count: values.count,
          mean: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count),
          lowest: values.min(), highest: values.max()))
      day = OptionSharesOverTime.firstDay(of: day + unit.longestDays, unit)
    }
    return NumberPeriods(unit: unit, periods: periods)
  }
}

extension OptionSharesOverTime.Period {
  /// The period a chart uses when none is asked for: days up to a month of data, weeks up
  /// to half a year, months beyond, so a chart has roughly 7 to 30 periods.
  public static func fitting(firstDay: Int, lastDay: Int) -> Self {
    let days = lastDay - firstDay + 1
    return days <= 31 ? .day : days <= 190 ? .week : .month
  }

  /// At least as many days as the period's longest instance: stepping that far from a
  /// period's first day always lands in the next period.
  var longestDays: Int {
    switch self {
    case .day: return 1
    case .week: return 7
    case .month: return 31
    }
  }
}
