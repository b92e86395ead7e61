import DispatchKit
import Testing

/// Grouping, aggregation and pairing of graph samples
/// (docs/charts.md#graph-grouping-and-aggregation).
struct GraphBuilderTests {
  /// 2026-03-02 (a Monday) 00:00 UTC plus `hours`.
  static func sample(hours: Int64, _ value: GraphValue?, offset: Int = 0) -> GraphSample {
    GraphSample(
      start: Instant(milliseconds: 1_772_409_600_000 + hours * 3_600_000), offsetSeconds: offset,
      value: value)
  }

  @Test func `days are local, missing days are empty groups, averages of them are gaps`() {
    let samples = [
      Self.sample(hours: 10, .number(4)), Self.sample(hours: 12, .number(6)),
      // 23:30 UTC on Tuesday is Wednesday at +01:00.
      Self.sample(hours: 47, .number(3), offset: 3600),
      Self.sample(hours: 24 * 4 + 9, .number(8)),
    ]
    let series = GraphBuilder.grouped(
      samples, grouping: .time(.day), aggregations: [.average, .count, .sum], name: "rating")
    #expect(series.map(\.name) == ["Average rating", "Count", "Total rating"])
    #expect(
      series[0].points.map(\.label) == [
        "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06",
      ])
    #expect(series[0].points.map(\.y) == [5, nil, 3, nil, 8])
    #expect(series[1].points.map(\.y) == [2, 0, 1, 0, 1])
    #expect(series[2].points.map(\.y) == [10, 0, 3, 0, 8])
    #expect(series[0].points.first?.x == 1_772_409_600_000)
  }

  @Test(arguments: [
    (GraphGrouping.TimeUnit.hour, "2026-03-02 10:00"), (.week, "week of 2026-03-02"),
    (.month, "2026-03"), (.quarter, "2026 Q1"), (.year, "2026"),
  ])
  func `every time unit has its label`(unit: GraphGrouping.TimeUnit, label: String) {
    let groups = GraphGrouping.time(unit).groups([Self.sample(hours: 10, .number(1))])
    #expect(groups.map(\.label) == [label])
  }

  @Test func `a grouping prints as the word a message uses`() {
    #expect("\(GraphGrouping.time(.day))" == "day")
    #expect("\(GraphGrouping.time(.quarter))" == "quarter")
    #expect("\(GraphGrouping.dayOfWeek)" == "weekday")
    #expect("\(GraphGrouping.tag)" == "tag" && "\(GraphGrouping.value)" == "value")
  }

  @Test func `a week runs Monday to Sunday`() {
    // Sunday 2026-03-08 23:00 is in the week of 03-02; Monday 03-09 starts the next.
    let groups = GraphGrouping.time(.week).groups([
      Self.sample(hours: 6 * 24 + 23, .number(1)), Self.sample(hours: 7 * 24, .number(1)),
    ])
    #expect(groups.map(\.label) == ["week of 2026-03-02", "week of 2026-03-09"])
  }

  @Test func `weekdays run Sunday to Saturday, tags and values by name`() {
    let samples = [
      Self.sample(hours: 0, .tags(["gym", "work"])), Self.sample(hours: 24 * 6, .tags(["work"])),
      Self.sample(hours: 24, nil),
    ]
    #expect(
      GraphGrouping.dayOfWeek.groups(samples).map(\.label) == ["Sunday", "Monday", "Tuesday"])
    let tags = GraphGrouping.tag.groups(samples)
    #expect(tags.map(\.label) == ["No value", "gym", "work"])
    #expect(tags.map(\.samples.count) == [1, 1, 2])
    let values = GraphGrouping.value.groups([
      Self.sample(hours: 0, .number(10)), Self.sample(hours: 1, .number(9)),
      Self.sample(hours: 2, .number(10)),
    ])
    #expect(values.map(\.label) == ["9", "10"])
    #expect(values.map(\.x) == [9, 10])
  }

  @Test
  func
    `aggregations: median averages the middle pair, mode takes the smallest tie, SD is the population's`()
  {
    let samples = [4.0, 1, 3, 3, 1, 2].enumerated().map {
      Self.sample(hours: Int64($0), .number($1))
    }
    func value(_ aggregation: GraphAggregation) -> Double? { aggregation.value(of: samples) }
    #expect(value(.average) == 14.0 / 6)
    #expect(value(.median) == 2.5)
    #expect(value(.mode) == 1)
    #expect(value(.minimum) == 1 && value(.maximum) == 4)
    #expect(value(.first) == 4 && value(.last) == 2)
    #expect(value(.count) == 6 && value(.sum) == 14)
    let mean = 14.0 / 6
    let variance = [4.0, 1, 3, 3, 1, 2].map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 6
    #expect(abs((value(.standardDeviation) ?? 0) - variance.squareRoot()) < 1e-12)
    #expect(GraphAggregation.average.value(of: [Self.sample(hours: 0, .text("x"))]) == nil)
    #expect(GraphAggregation.count.value(of: [Self.sample(hours: 0, .text("x"))]) == 1)
  }

  @Test func `two types pair on the days both have`() {
    let heartRate = [
      Self.sample(hours: 10, .number(60)), Self.sample(hours: 11, .number(80)),
      Self.sample(hours: 34, .number(90)), Self.sample(hours: 72, .number(55)),
    ]
    let mood = [Self.sample(hours: 9, .number(7)), Self.sample(hours: 33, .number(4))]
    let points = GraphBuilder.paired(
      x: heartRate, xAggregation: .average, y: mood, yAggregation: .average,
      grouping: .time(.day))
    #expect(
      points == [
        GraphPoint(label: "2026-03-02", x: 70, y: 7), GraphPoint(label: "2026-03-03", x: 90, y: 4),
      ])
  }

  @Test func `raw points are in time order at their local wall time`() {
    let series = GraphBuilder.raw(
      [
        Self.sample(hours: 5, .number(2), offset: -3600), Self.sample(hours: 1, .number(1)),
        Self.sample(hours: 2, .text("x")),
      ],
      name: "rating")
    #expect(series.points.map(\.y) == [1, 2])
    #expect(series.points.map(\.label) == ["2026-03-02 01:00", "2026-03-02 04:00"])
  }

  @Test func `a record known only to its day is drawn as the day and in no hour`() {
    var dated = Self.sample(hours: 0, .number(4))
    dated.isDayOnly = true
    let exact = Self.sample(hours: 0, .number(6))
    let raw = GraphBuilder.raw([dated, exact], name: "rating")
    // The exact one at 00:00, the dated one at noon, labelled with its date.
    #expect(raw.points.map(\.label) == ["2026-03-02 00:00", "2026-03-02"])
    #expect(raw.points.map(\.x) == [1_772_409_600_000, 1_772_452_800_000])
    let hours = GraphBuilder.grouped(
      [dated, exact], grouping: .time(.hour), aggregations: [.count], name: "rating")
    #expect(hours.first?.points.map(\.y) == [1])
    let days = GraphBuilder.grouped(
      [dated, exact], grouping: .time(.day), aggregations: [.count], name: "rating")
    #expect(days.first?.points.map(\.y) == [2])
  }
}
