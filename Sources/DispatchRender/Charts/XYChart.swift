import DispatchCore

/// Series over an x axis, drawn as lines, bars or points.
public struct XYChart: Sendable, Equatable {
  /// What the x values mean and how they are labelled.
  public var xAxis: ChartXAxis
  /// The x axis caption, e.g. `Day`; time axes add the date range and UTC offset.
  public var xLabel: String?
  /// The y axis caption, e.g. `Mood (1–10)`.
  public var yLabel: String?
  /// The series, drawn in order with palette colours; a legend appears for two or more.
  public var series: [ChartSeries]
  /// A dashed horizontal reference line, e.g. the mean of the raw values; the analytics layer
  /// computes it from all points, before any downsampling.
  public var referenceLine: ReferenceLine?
  /// A shaded range per x under the series, e.g. each period's lowest to highest answer.
  public var band: ChartBand?
  /// How y values read: numbers, or hours written as durations (`1 h 30 min`).
  public var yValues: ChartValueStyle = .number
  /// What time axes name as their zone instead of the UTC offset: ``XYChart/localTime`` when
  /// x is each record's own wall time, which no single offset describes.
  public var timeZoneName: String?

  /// A chart from its parts.
  public init(
    xAxis: ChartXAxis, xLabel: String? = nil, yLabel: String? = nil, series: [ChartSeries],
    referenceLine: ReferenceLine? = nil
  ) {
    self.xAxis = xAxis
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.series = series
    self.referenceLine = referenceLine
  }

  /// Whether at least one point of one series is finite.
  public var hasData: Bool {
    series.contains { series in series.points.contains { $0.x.isFinite && $0.y.isFinite } }
      || band?.ranges.contains(where: \.isFinite) == true
  }

  /// A labelled horizontal line at a y value.
  public struct ReferenceLine: Sendable, Equatable {
    /// The y value; a non-finite value is not drawn.
    public var value: Double
    /// The label drawn at the line's right end, e.g. `mean`; the value is appended.
    public var label: String

    /// A reference line at `value` labelled `label`.
    public init(value: Double, label: String) {
      self.value = value
      self.label = label
    }

    /// The mean line of a numeric series (docs/charts.md#question-series).
    public static func mean(_ value: Double) -> ReferenceLine {
      ReferenceLine(value: value, label: "mean")
    }
  }
}

/// What x values mean.
public enum ChartXAxis: Sendable, Equatable {
  /// x is milliseconds since the Unix epoch; ticks and labels use local time at
  /// `offsetSeconds` east of UTC (the offset the data was recorded in).
  case time(offsetSeconds: Int)
  /// x is a plain number, e.g. average heart rate per day.
  case numeric
  /// x is an index into `categories` (0, 1, …), e.g. weekdays or tags, in display order.
  case categorical([String])
}

/// A named list of points.
public struct ChartSeries: Sendable, Equatable {
  /// The name shown in the legend and description.
  public var name: String
  /// The points; line charts sort them by x. Points with a non-finite coordinate are left
  /// out of the drawing and the chart says how many.
  public var points: [ChartPoint]
  /// x values where the series has no value (an empty period): a line is never drawn across
  /// one, so a gap reads as a gap rather than as a straight run between its neighbours.
  public var gaps: [Double]

  /// A series from its name, points and gaps.
  public init(name: String, points: [ChartPoint], gaps: [Double] = []) {
    self.name = name
    self.points = points
    self.gaps = gaps
  }
}

/// One (x, y) value.
public struct ChartPoint: Sendable, Equatable {
  /// The x value in the axis's terms (see ``ChartXAxis``).
  public var x: Double
  /// The y value.
  public var y: Double

  /// A point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// A point on a time axis.
  public init(_ instant: Instant, _ y: Double) {
    self.init(x: Double(instant.milliseconds), y: y)
  }

  /// A point on a categorical axis: category `index` has value `y`.
  public init(category index: Int, _ y: Double) {
    self.init(x: Double(index), y: y)
  }

  /// Whether both coordinates are finite.
  var isFinite: Bool { x.isFinite && y.isFinite }
}
