import DispatchSupport

extension XYChartRenderer {
  /// The band as a light column per range, in the first series' colour, under the series.
  func band(_ layout: Layout) -> SVGElement? {
    guard let band = chart.band else { return nil }
    let ranges = band.ranges.filter(\.isFinite)
    guard !ranges.isEmpty else { return nil }
    let positions = ranges.map { layout.x.position($0.x) }
    let gaps = zip(positions, positions.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
    // Each column takes 60 % of the narrowest spacing, so neighbours never touch.
    let width = min(24, max(2, (gaps.min() ?? 40) * 0.6))
    var path = SVGPathData()
    for (range, x) in zip(ranges, positions) {
      let top = layout.y.position(range.upper)
      let bottom = layout.y.position(range.lower)
      path.rectangle(x: x - width / 2, y: top, width: width, height: max(1, bottom - top))
    }
    return SVGElement(
      "g", [SVGAttribute("class", "band"), SVGAttribute("aria-label", band.name)],
      children: [
        .element(
          SVGElement(
            "path",
            [
              SVGAttribute("d", path.text),
              SVGAttribute("fill", frame.palette.seriesColor(0).hexText),
              SVGAttribute("fill-opacity", "0.2"),
            ]))
      ])
  }
}
