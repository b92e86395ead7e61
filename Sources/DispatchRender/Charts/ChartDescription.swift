/// The accessible description (`<desc>`) written from a chart's data when the caller gives none.
///
/// It says what kind of chart it is, what each series holds (points and range) and what the x
/// axis spans, so a screen reader user gets the gist the picture gives. Numbers use
/// ``ChartText``, never the process locale.
enum ChartDescription {
  /// `Line chart of 2 series over time (2026-01-01 to 2026-03-01, UTC+01:00). Mood: 120
  /// points from 1 to 9. …`
  static func xy(_ chart: XYChart, kind: ChartContent, _ series: [PreparedSeries]) -> String {
    guard series.contains(where: { !$0.points.isEmpty }) else { return "No data." }
    var text = capitalized(kind.kindName) + " of " + count(series.count, "series", "series")
    switch chart.xAxis {
    case .time(let offset):
      let bounds = XYSeriesPreparation.xBounds(chart)
      text +=
        " over time ("
        + TimeTicks.rangeText(
          lower: bounds?.lower ?? 0, upper: bounds?.upper ?? 0, offsetSeconds: offset,
          zoneName: chart.timeZoneName) + ")"
    case .numeric:
      if let bounds = XYSeriesPreparation.xBounds(chart) {
        text +=
          " over " + (chart.xLabel ?? "x") + " from " + ChartText.value(bounds.lower) + " to "
          + ChartText.value(bounds.upper)
      }
    case .categorical(let categories):
      text += " over " + count(categories.count, "category", "categories")
    }
    text += "."
    for prepared in series {
      let ys = prepared.points.map(\.y)
      text += " " + prepared.name + ": " + count(prepared.finiteCount, "point", "points")
      if let low = ys.min(), let high = ys.max() {
        text +=
          low == high
          ? ", all " + ChartText.value(low)
          : " from " + ChartText.value(low) + " to " + ChartText.value(high)
      }
      text += "."
    }
    if let reference = chart.referenceLine, reference.value.isFinite {
      text += " " + capitalized(reference.label) + " " + ChartText.value(reference.value) + "."
    }
    return text
  }

  /// `Proportion band chart of 2 options over 4 periods. Overall: Yes 62% (80), No 38% (49).`
  static func bands(_ chart: BandChart) -> String {
    guard chart.hasData else { return "No data." }
    let totals = chart.options.indices.map { index in
      chart.periods.reduce(0) { $0 + $1.count(index) }
    }
    let all = totals.reduce(0, +)
    let parts = zip(chart.options, totals).filter { $0.1 > 0 }.map { option, total in
      option + " " + percent(total, of: all) + " (" + ChartText.grouped(total) + ")"
    }
    return "Proportion band chart of " + count(chart.options.count, "option", "options")
      + " over " + count(chart.periods.count, "period", "periods") + ". Overall: "
      + parts.joined(separator: ", ") + "."
  }

  /// `Frequency chart of the top 3 of 57 values. coffee 31, tea 12, water 8.`
  static func frequency(_ chart: FrequencyChart) -> String {
    let items = chart.topItems
    guard !items.isEmpty else { return "No data." }
    let scope =
      chart.totalDistinct > items.count
      ? "the top " + ChartText.grouped(items.count) + " of "
        + count(chart.totalDistinct, "value", "values")
      : count(items.count, "value", "values")
    let list = items.map { $0.label + " " + ChartText.grouped($0.count) }
    return "Frequency chart of " + scope + ". " + list.joined(separator: ", ") + "."
  }

  /// `67%`: a share as a whole percentage, rounded half up.
  static func percent(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "0%" }
    let share = (Double(max(0, part)) / Double(whole) * 100).rounded(.toNearestOrAwayFromZero)
    return String(Int(min(share, 1e9))) + "%"
  }

  private static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
    ChartText.grouped(value) + " " + (value == 1 ? singular : plural)
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
