import DispatchCore
import DispatchStorage

/// Stress before and after a date: the means of overall stress and of each stressor over the
/// N local days ending with each of two dates, and their difference
/// (docs/records.md#stress-check-ins).
///
/// The difference is a description of the ratings, nothing more: it does not say what made
/// them change.
public struct StressComparison: Sendable, Equatable {
  /// The days that may be compared when none are given.
  public static let defaultDays = 7

  /// One item compared: overall stress (no name) or a stressor.
  public struct Row: Sendable, Equatable {
    /// The stressor; nil for overall stress.
    public let name: String?
    public let before: StressTally
    public let after: StressTally

    /// The change of the mean, after minus before; nil when either side has no rating.
    public var difference: Double? {
      guard let old = before.average, let new = after.average else { return nil }
      return new - old
    }
  }

  /// A window of local days, first and last included.
  public struct Window: Sendable, Equatable {
    public let firstDay: Int
    public let lastDay: Int
    /// Check-ins in the window.
    public let checkIns: Int

    /// Whether `day` is in the window.
    public func contains(_ day: Int) -> Bool { (firstDay...lastDay).contains(day) }
  }

  /// Days in each window.
  public let days: Int
  public let before: Window
  public let after: Window
  /// Overall stress.
  public let overall: Row
  /// Each stressor answered in either window: the defined ones in their order, then others
  /// by name.
  public let stressors: [Row]

  /// Compares the windows of `days` days ending with `beforeDay` and with `afterDay`.
  ///
  /// - Parameter order: the defined stressors, to list rows in their order.
  /// - Throws: ``DispatchError`` (`invalidValue`) when `days` is below 1, the first date is
  ///   not before the second, or the windows overlap (a check-in would count on both sides).
  public static func compare(
    _ checkIns: [StressCheckIn], beforeDay: Int, afterDay: Int, days: Int = defaultDays,
    order: [String] = []
  ) throws(DispatchError) -> StressComparison {
    guard days >= 1 else {
      throw DispatchError(.invalidValue, "--days must be at least 1")
    }
    guard beforeDay < afterDay else {
      throw DispatchError(
        .invalidValue, "the --before date must come before the --after date")
    }
    guard afterDay - beforeDay >= days else {
      throw DispatchError(
        .invalidValue,
        "the two \(days)-day windows overlap: choose dates at least \(days) days apart "
          + "or fewer --days")
    }
    let windows = [beforeDay, afterDay].map { (first: $0 - days + 1, last: $0) }
    var sides = [[StressCheckIn]](repeating: [], count: 2)
    for checkIn in checkIns {
      let day = StressDay.number(checkIn.time)
      for (index, window) in windows.enumerated() where (window.first...window.last).contains(day) {
        sides[index].append(checkIn)
      }
    }
    func row(_ name: String?) -> Row {
      func answers(_ list: [StressCheckIn]) -> [StressAnswer] {
        guard let name else { return list.map(\.overall) }
        return list.compactMap { $0.stressors.first { $0.name == name }?.answer }
      }
      return Row(
        name: name, before: StressTally(answers(sides[0])), after: StressTally(answers(sides[1])))
    }
    let names = orderedStressors(in: sides[0] + sides[1], order: order)
    return StressComparison(
      days: days,
      before: Window(
        firstDay: windows[0].first, lastDay: windows[0].last, checkIns: sides[0].count),
      after: Window(firstDay: windows[1].first, lastDay: windows[1].last, checkIns: sides[1].count),
      overall: row(nil), stressors: names.map(row))
  }

  /// The stressor names answered in `checkIns`: those of `order` first in its order, then the
  /// rest by name (stressors removed from the list since).
  static func orderedStressors(in checkIns: [StressCheckIn], order: [String]) -> [String] {
    var present = Set<String>()
    for checkIn in checkIns { present.formUnion(checkIn.stressors.map(\.name)) }
    let defined = order.filter { present.contains($0) }
    return defined + present.subtracting(defined).sorted()
  }
}
