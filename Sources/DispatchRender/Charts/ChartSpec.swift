/// Everything a chart shows, independent of how it is drawn (SVG or terminal).
///
/// The analytics layer fills a spec; ``ChartSpec/svgDocument(width:height:idPrefix:palette:)``
/// and ``ChartSpec/terminalText(width:height:charset:)`` draw it. A spec never holds layout
/// or colours, so the same spec renders at any size.
public struct ChartSpec: Sendable, Equatable {
  /// The chart's title, also its accessible name.
  public var title: String
  /// An optional line under the title, e.g. the date range or the question.
  public var subtitle: String?
  /// The accessible description; when nil one is written from the data (kind, series, ranges).
  public var summary: String?
  /// What is drawn.
  public var content: ChartContent

  /// A spec from its parts.
  public init(
    title: String, subtitle: String? = nil, summary: String? = nil, content: ChartContent
  ) {
    self.title = title
    self.subtitle = subtitle
    self.summary = summary
    self.content = content
  }

  /// Whether there is anything to draw; a chart without data shows "No data" instead.
  ///
  /// XY charts need one finite point, bands one period with a positive count, frequency bars
  /// one item with a positive count.
  public var hasData: Bool {
    switch content {
    case .line(let chart), .bar(let chart), .scatter(let chart): chart.hasData
    case .bands(let chart): chart.hasData
    case .frequency(let chart): chart.hasData
    }
  }
}

/// The kinds of chart and their data.
public enum ChartContent: Sendable, Equatable {
  /// One or more series as lines (Introspective's line graph, Dispatch's numeric trend).
  case line(XYChart)
  /// Grouped columns per category or per x value (Introspective's bar graph).
  case bar(XYChart)
  /// Points (Introspective's scatter, e.g. daily heart rate against daily mood).
  case scatter(XYChart)
  /// Option shares per period as stacked blocks (Dispatch's proportion bands).
  case bands(BandChart)
  /// Horizontal bars of the most frequent values with their counts.
  case frequency(FrequencyChart)

  /// A lower-case name for descriptions: `line chart`, `bar chart`, ….
  var kindName: String {
    switch self {
    case .line: "line chart"
    case .bar: "bar chart"
    case .scatter: "scatter chart"
    case .bands: "proportion band chart"
    case .frequency: "frequency chart"
    }
  }
}
