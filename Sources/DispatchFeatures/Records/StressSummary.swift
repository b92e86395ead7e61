import DispatchCore

/// Stress check-ins since a date, summarised for an appointment (docs/records.md#stress-check-ins):
/// the mean of overall stress and of each stressor, how often each was skipped or not applicable,
/// the days with the highest overall stress, and the trend.
public struct StressSummary: Sendable, Equatable {
  /// How many of the worst days are listed.
  public static let worstDayCount = 3

  /// One item summarised: overall stress (no name) or a stressor.
  public struct Item: Sendable, Equatable {
    /// The stressor; nil for overall stress.
    public let name: String?
    public let tally: StressTally
    /// The least-squares trend of the item's ratings.
    public let trend: StressTrend
  }

  /// A day with high overall stress.
  public struct Day: Sendable, Equatable {
    /// Days since 1970-01-01, local where the check-ins were made.
    public let day: Int
    /// The day's highest overall rating.
    public let highest: Int
    /// Check-ins that day with an overall rating.
    public let checkIns: Int
    /// The day's notes, in order.
    public let notes: [String]

    /// `YYYY-MM-DD`.
    public var dateText: String { StressDay.text(day) }
  }

  /// The first local day covered.
  public let sinceDay: Int
  /// Check-ins summarised.
  public let checkIns: Int
  /// The oldest and newest check-in, when there are any.
  public let first: RecordTime?
  public let last: RecordTime?
  public let overall: Item
  /// Each stressor answered: the defined ones in their order, then others by name.
  public let stressors: [Item]
  /// Up to ``worstDayCount`` days, highest overall first (the earlier day on a tie).
  public let worstDays: [Day]

  /// Summarises the check-ins made on or after local day `sinceDay`.
  ///
  /// - Parameter order: the defined stressors, to list items in their order.
  public static func make(_ checkIns: [StressCheckIn], sinceDay: Int, order: [String] = [])
    -> StressSummary
  {
    let chosen = checkIns.filter { StressDay.number($0.time) >= sinceDay }
      .sorted { $0.time.instant < $1.time.instant }
    func item(_ name: String?) -> Item {
      var points: [(instant: Instant, value: Int)] = []
      var answers: [StressAnswer] = []
      for checkIn in chosen {
        let answer =
          name.map { name in checkIn.stressors.first { $0.name == name }?.answer }
          ?? checkIn.overall
        guard let answer else { continue }
        answers.append(answer)
        if let value = answer.value { points.append((checkIn.time.instant, value)) }
      }
      return Item(name: name, tally: StressTally(answers), trend: StressTrend.fit(points))
    }
    return StressSummary(
      sinceDay: sinceDay, checkIns: chosen.count, first: chosen.first?.time,
      last: chosen.last?.time, overall: item(nil),
      stressors: StressComparison.orderedStressors(in: chosen, order: order).map(item),
      worstDays: worstDays(chosen))
  }

  private static func worstDays(_ checkIns: [StressCheckIn]) -> [Day] {
    var byDay: [Int: (highest: Int, count: Int, notes: [String])] = [:]
    for checkIn in checkIns {
      guard let value = checkIn.overall.value else { continue }
      let day = StressDay.number(checkIn.time)
      var entry = byDay[day] ?? (value, 0, [])
      entry.highest = max(entry.highest, value)
      entry.count += 1
      if let note = checkIn.note { entry.notes.append(note) }
      byDay[day] = entry
    }
    return
      byDay
      .map {
        Day(day: $0.key, highest: $0.value.highest, checkIns: $0.value.count, notes: $0.value.notes)
      }
      .sorted { $0.highest != $1.highest ? $0.highest > $1.highest : $0.day < $1.day }
      .prefix(worstDayCount).map { $0 }
  }
}
