import DispatchAnalytics
import DispatchCore

/// The row of figures at the top of the dashboard: the week in five numbers, each with what
/// it is compared with, as Exist or Apple Health open with. Every figure is the digest's or
/// the week comparison's, so the page and `dispatch digest` never disagree.
enum DashboardSummaryStrip {
  struct Tile: Equatable {
    let label: String
    let value: String
    let detail: String
  }

  /// The tiles `data` has figures for, in a fixed order.
  static func tiles(_ data: DashboardData) -> [Tile] {
    let digest = data.digest
    var tiles = [
      Tile(
        label: "Reports this week", value: DisplayNumber.grouped(digest.reportCount),
        detail: comparison(digest.reportCount, digest.priorPeriodReportCount))
    ]
    if let weeks = data.weekComparison, let mean = weeks.later.dayBalancedMean {
      let before = weeks.earlier.dayBalancedMean.map { "\(tenths($0)) the week before" }
      tiles.append(
        Tile(
          label: "Mood rating, a day's average", value: tenths(mean),
          detail: before ?? "no moods the week before"))
    }
    if digest.stepsTotal > 0 {
      tiles.append(
        Tile(
          label: "Steps", value: DisplayNumber.grouped(digest.stepsTotal),
          detail: "\(DisplayNumber.grouped(digest.stepsTotal / 7)) a day"))
    }
    if digest.workoutCount > 0 {
      tiles.append(
        Tile(
          label: "Workouts", value: DisplayNumber.grouped(digest.workoutCount),
          detail: DisplayNumber.duration(seconds: digest.workoutSeconds) + " in all"))
    }
    if digest.streakDays > 0 {
      tiles.append(
        Tile(
          label: "Streak", value: "\(DisplayNumber.grouped(digest.streakDays)) d",
          detail: "days in a row with a report"))
    }
    return tiles
  }

  static func html(_ data: DashboardData) -> String {
    let items = tiles(data).map { tile in
      "<li><span class=\"label\">\(DashboardPage.escape(tile.label))</span>"
        + "<strong>\(DashboardPage.escape(tile.value))</strong>"
        + "<span class=\"detail\">\(DashboardPage.escape(tile.detail))</span></li>"
    }
    return "<ul class=\"strip\" aria-label=\"The week in figures\">" + items.joined() + "</ul>"
  }

  /// "3 more than the week before", "1 fewer …", "as many as …".
  static func comparison(_ count: Int, _ prior: Int) -> String {
    if count == prior { return "as many as the week before" }
    let difference = DisplayNumber.grouped(abs(count - prior))
    return "\(difference) \(count > prior ? "more" : "fewer") than the week before"
  }

  private static func tenths(_ value: Double) -> String { DisplayMeasure.tenths(value) }
}
