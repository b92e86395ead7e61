import DispatchCore

/// A yes/no or multiple-choice question's option shares per week or month: the proportion
/// bands of the home chart drawn over time.
public struct OptionSharesOverTime: Sendable, Equatable {
  public enum Period: String, Sendable, CaseIterable {
    case day, week, month
  }

  /// One period's shares.
  public struct Slice: Sendable, Equatable {
    /// The period's first local day, as days since 1970-01-01 (weeks start on Monday).
    public var firstDay: Int
    /// `YYYY-MM-DD` of that day.
    public var label: String
    public var shares: [QuestionSeries.OptionShare]
  }

  /// Every option answered in the whole range, in the order the overall series gives.
  public var options: [String]
  /// Periods with at least one answer, oldest first.
  public var slices: [Slice]

  /// The shares of `question` per `period`, each report in its own local time.
  public static func build(question: Question, reports: [Report], period: Period)
    -> OptionSharesOverTime
  {
    guard question.type == .yesNo || question.type == .multipleChoice else {
      return OptionSharesOverTime(options: [], slices: [])
    }
    var byPeriod: [Int: [[String]]] = [:]
    var all: [[String]] = []
    for (report, response) in VisualizationData.responses(of: question, in: reports) {
      guard let options = response.options, !options.isEmpty else { continue }
      let day = report.date.localDay(offsetSeconds: report.utcOffsetSeconds)
      byPeriod[firstDay(of: day, period), default: []].append(options)
      all.append(options)
    }
    guard case .optionShares(let overall) = VisualizationData.optionShares(all, question: question)
    else { return OptionSharesOverTime(options: [], slices: []) }
    let order = overall.map(\.option)
    let slices = byPeriod.keys.sorted().map { first -> Slice in
      var shares: [QuestionSeries.OptionShare] = []
      if case .optionShares(let found) = VisualizationData.optionShares(
        byPeriod[first] ?? [], question: question)
      {
        // Every option in the overall order, 0 where unanswered, so bands line up.
        let byOption = Dictionary(found.map { ($0.option, $0) }, uniquingKeysWith: { a, _ in a })
        shares = order.map { byOption[$0] ?? .init(option: $0, count: 0, share: 0) }
      }
      return Slice(firstDay: first, label: Self.label(first), shares: shares)
    }
    return OptionSharesOverTime(options: order, slices: slices)
  }

  /// The Monday of the day's week, or the first of its month.
  static func firstDay(of day: Int, _ period: Period) -> Int {
    switch period {
    case .day:
      return day
    case .week:
      // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
      let weekday = ((day % 7) + 7 + 3) % 7
      return day - weekday
    case .month:
      let civil = CivilTime(milliseconds: Int64(day) * 86_400_000, offsetSeconds: 0)
      return CivilTime.days(year: civil.year, month: civil.month, day: 1)
    }
  }

  static func label(_ day: Int) -> String {
    GraphTimeKey.label(day, .day)
  }
}
