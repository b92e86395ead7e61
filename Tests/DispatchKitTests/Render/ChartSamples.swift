import DispatchKit

/// Fixed chart specs shared by the SVG and terminal tests: one per chart kind, built from
/// deterministic arithmetic so the golden files never depend on a random source.
enum ChartSamples {
  /// 2026-03-01T00:00:00Z.
  static let march = Instant(milliseconds: 1_772_323_200_000)

  /// Mood twice a day for three weeks, with its mean, at UTC+01:00.
  static var moodLine: ChartSpec {
    let points = (0..<42).map { index -> ChartPoint in
      let seconds = Int64(index) * 43_200 + 28_800
      let whole = Double(5 + (index * 7) % 5)
      let half = Double(index % 3) * 0.5
      return ChartPoint(march.adding(seconds: seconds), whole - half)
    }
    let mean = points.reduce(0) { $0 + $1.y } / Double(points.count)
    return ChartSpec(
      title: "Mood", subtitle: "March 2026, twice a day",
      content: .line(
        XYChart(
          xAxis: .time(offsetSeconds: 3600), xLabel: "Day", yLabel: "Mood (1–10)",
          series: [ChartSeries(name: "Mood", points: points)], referenceLine: .mean(mean))))
  }

  /// Two series over the same days: sleep hours and steps in thousands.
  static var twoSeriesLine: ChartSpec {
    let sleep = (0..<14).map {
      ChartPoint(march.adding(seconds: Int64($0) * 86_400), 6.5 + Double($0 % 4) * 0.5)
    }
    let steps = (0..<14).map {
      ChartPoint(march.adding(seconds: Int64($0) * 86_400), Double(($0 * 37) % 11))
    }
    return ChartSpec(
      title: "Sleep and steps",
      content: .line(
        XYChart(
          xAxis: .time(offsetSeconds: 0),
          series: [
            ChartSeries(name: "Sleep (h)", points: sleep),
            ChartSeries(name: "Steps (k)", points: steps),
          ])))
  }

  /// Average mood and energy by weekday.
  static var weekdayBars: ChartSpec {
    let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    let mood = days.indices.map { ChartPoint(category: $0, 5 + Double($0 % 3)) }
    let energy = days.indices.map { ChartPoint(category: $0, 4 + Double(($0 * 2) % 5) * 0.75) }
    return ChartSpec(
      title: "By weekday", subtitle: "Average per day of the week",
      content: .bar(
        XYChart(
          xAxis: .categorical(days), yLabel: "Average",
          series: [
            ChartSeries(name: "Mood", points: mood), ChartSeries(name: "Energy", points: energy),
          ])))
  }

  /// Daily heart rate against daily mood.
  static var scatter: ChartSpec {
    let points = (0..<30).map { index -> ChartPoint in
      let rate = Double((index * 13) % 29)
      let mood = Double((index * 7) % 6)
      return ChartPoint(x: 58 + rate, y: 3 + mood)
    }
    return ChartSpec(
      title: "Heart rate and mood", subtitle: "One point per day",
      content: .scatter(
        XYChart(
          xAxis: .numeric, xLabel: "Average heart rate (bpm)", yLabel: "Average mood",
          series: [ChartSeries(name: "Days", points: points)])))
  }

  /// "Did you exercise?" per week.
  static var bands: ChartSpec {
    ChartSpec(
      title: "Did you exercise?",
      content: .bands(
        BandChart(
          options: ["Yes", "No", "Skipped"],
          periods: [
            .init(label: "W9", counts: [4, 8, 1]), .init(label: "W10", counts: [7, 5, 0]),
            .init(label: "W11", counts: [0, 0, 0]), .init(label: "W12", counts: [10, 2, 2]),
            .init(label: "W13", counts: [1, 12]),
          ])))
  }

  /// Who you were with, top five of eight.
  static var frequency: ChartSpec {
    ChartSpec(
      title: "Who were you with?",
      content: .frequency(
        FrequencyChart(
          items: [
            .init(label: "Alice", count: 31), .init(label: "Bob", count: 12),
            .init(label: "Chandra", count: 12), .init(label: "Dmitri & co <team>", count: 7),
            .init(label: "Eve", count: 3), .init(label: "Zed", count: 1),
            .init(label: "Yan", count: 1), .init(label: "Xu", count: 0),
          ], limit: 5, distinctCount: 8)))
  }

  /// A minute-by-minute sawtooth with one spike, long enough to be downsampled.
  static func longSeries(count: Int, spikeAt spike: Int) -> ChartSpec {
    let points = (0..<count).map { index in
      ChartPoint(
        march.adding(seconds: Int64(index) * 60), index == spike ? 500 : Double(index % 97))
    }
    return ChartSpec(
      title: "Long series",
      content: .line(
        XYChart(
          xAxis: .time(offsetSeconds: 0), series: [ChartSeries(name: "Level", points: points)])))
  }

  /// Every kind without data.
  static var empties: [ChartSpec] {
    let xy = XYChart(xAxis: .numeric, series: [ChartSeries(name: "None", points: [])])
    return [
      ChartSpec(title: "Empty line", content: .line(xy)),
      ChartSpec(title: "Empty bar", content: .bar(xy)),
      ChartSpec(title: "Empty scatter", content: .scatter(xy)),
      ChartSpec(
        title: "Empty bands",
        content: .bands(BandChart(options: ["Yes"], periods: [.init(label: "W1", counts: [0])]))),
      ChartSpec(title: "Empty frequency", content: .frequency(FrequencyChart(items: []))),
    ]
  }
}
