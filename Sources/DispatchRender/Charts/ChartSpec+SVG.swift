import DispatchSupport

extension ChartSpec {
  /// The chart as an SVG element tree in a `width` × `height` viewBox.
  ///
  /// Every id in the tree starts with `idPrefix` (reduced to `[A-Za-z0-9_-]`, starting with a
  /// letter), so several charts can share one HTML page; nothing else in the output depends on
  /// anything but the arguments. A spec without data draws its title and a "No data" message.
  ///
  /// With `pointValues`, a line, bar or scatter chart of up to
  /// ``XYChartRenderer/pointValueLimit`` points also carries an invisible circle over each
  /// point, titled with its series, x and y (a browser shows the title on hover; the graph
  /// page's script shows it on a tap too). Files leave them out.
  ///
  /// - Precondition: `width` and `height` are positive.
  public func svgDocument(
    width: Int, height: Int, idPrefix: String = "chart", palette: ChartPalette = .standard,
    pointValues: Bool = false
  ) -> SVGElement {
    var frame = ChartFrame(width: width, height: height, palette: palette, idPrefix: idPrefix)
    frame.pointValues = pointValues
    switch content {
    case .line(let chart):
      return XYChartRenderer(spec: self, chart: chart, mark: .line, frame: frame).render()
    case .bar(let chart):
      return XYChartRenderer(spec: self, chart: chart, mark: .bar, frame: frame).render()
    case .scatter(let chart):
      return XYChartRenderer(spec: self, chart: chart, mark: .scatter, frame: frame).render()
    case .bands(let chart):
      return BandChartRenderer(spec: self, chart: chart, frame: frame).render()
    case .frequency(let chart):
      return FrequencyChartRenderer(spec: self, chart: chart, frame: frame).render()
    }
  }

  /// The chart as a standalone `.svg` file (see ``svgDocument(width:height:idPrefix:palette:)``),
  /// byte-for-byte the same for the same arguments.
  public func svgString(
    width: Int, height: Int, idPrefix: String = "chart", palette: ChartPalette = .standard,
    pointValues: Bool = false
  ) -> String {
    SVGWriter().document(
      svgDocument(
        width: width, height: height, idPrefix: idPrefix, palette: palette,
        pointValues: pointValues))
  }
}
