import DispatchSupport

/// What every SVG chart shares: the root element with its accessible name and description,
/// the background, the header (title, subtitle, notes, legend) and the "No data" message.
package struct ChartFrame {
  let width: Double
  let height: Double
  let palette: ChartPalette
  /// The sanitized id prefix; every id in the document starts with it.
  let idPrefix: String
  /// Whether each point gets an invisible target naming its value (``XYChartRenderer``).
  var pointValues = false

  /// Space around the chart's content.
  static let padding = 16.0
  static let fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
  static let titleSize = 16.0
  static let textSize = 12.0
  static let tickSize = 11.0
  static let lineHeight = 16.0

  init(width: Int, height: Int, palette: ChartPalette, idPrefix: String) {
    precondition(width > 0 && height > 0, "a chart needs a positive size")
    self.width = Double(width)
    self.height = Double(height)
    self.palette = palette
    self.idPrefix = Self.sanitizedPrefix(idPrefix)
  }

  /// `prefix` reduced to ASCII letters, digits, `-` and `_`, starting with a letter, so ids
  /// are valid XML names and can be repeated safely when several charts share a page.
  static func sanitizedPrefix(_ prefix: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in prefix.unicodeScalars
    where scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
        || scalar == "_")
    {
      scalars.append(scalar)
    }
    let kept = String(scalars)
    guard let first = kept.unicodeScalars.first, first.properties.isAlphabetic else {
      return "chart" + (kept.isEmpty ? "" : "-" + kept)
    }
    return kept
  }

  /// The `<svg>` root: size, viewBox, `role="img"`, `<title>` and `<desc>` referenced by
  /// `aria-labelledby`, and the background.
  func root(title: String, description: String) -> SVGElement {
    let titleID = idPrefix + "-title"
    let descID = idPrefix + "-desc"
    var svg = SVGElement(
      "svg",
      [
        SVGAttribute("xmlns", "http://www.w3.org/2000/svg"),
        SVGAttribute("width", width), SVGAttribute("height", height),
        SVGAttribute("viewBox", "0 0 " + SVGNumber.text(width) + " " + SVGNumber.text(height)),
        SVGAttribute("role", "img"), SVGAttribute("aria-labelledby", titleID + " " + descID),
        SVGAttribute("font-family", Self.fontFamily),
      ])
    svg.append(SVGElement("title", [SVGAttribute("id", titleID)], text: title))
    svg.append(SVGElement("desc", [SVGAttribute("id", descID)], text: description))
    svg.append(
      SVGElement(
        "rect",
        [
          SVGAttribute("width", width), SVGAttribute("height", height),
          SVGAttribute("fill", palette.background.hexText),
        ]))
    return svg
  }

  /// The header's elements and the y where content may start below it.
  ///
  /// `lines` are subtitle lines in text colour, `notes` muted lines such as the downsampling
  /// note; a legend row (wrapped to the width) follows when `legend` has entries.
  func header(title: String, lines: [String], notes: [String], legend: [LegendEntry])
    -> (elements: [SVGElement], bottom: Double)
  {
    let inner = width - 2 * Self.padding
    var elements: [SVGElement] = []
    var y = Self.padding + Self.titleSize * 0.8
    elements.append(
      text(
        ChartText.truncated(title, toWidth: inner, fontSize: Self.titleSize), x: Self.padding,
        y: y, size: Self.titleSize, color: palette.text, weight: "600"))
    y += 4
    for (line, color) in lines.map({ ($0, palette.text) }) + notes.map({ ($0, palette.mutedText) })
    {
      y += Self.lineHeight
      elements.append(
        text(
          ChartText.truncated(line, toWidth: inner, fontSize: Self.textSize), x: Self.padding,
          y: y, size: Self.textSize, color: color))
    }
    if !legend.isEmpty {
      y += 8
      var x = Self.padding
      var rowTop = y
      var items: [SVGElement] = []
      for entry in legend {
        let name = ChartText.truncated(entry.name, toWidth: inner - 16, fontSize: Self.textSize)
        let itemWidth = 14 + ChartText.estimatedWidth(name, fontSize: Self.textSize) + 16
        if x > Self.padding && x + itemWidth > width - Self.padding {
          x = Self.padding
          rowTop += 18
        }
        items.append(entry.swatch(x: x, y: rowTop + 2))
        items.append(
          text(name, x: x + 14, y: rowTop + 11, size: Self.textSize, color: palette.text))
        x += itemWidth
      }
      elements.append(
        SVGElement("g", [SVGAttribute("class", "legend")], children: items.map(SVGNode.element)))
      y = rowTop + 14
    }
    return (elements, y + 12)
  }

  /// A centred "No data" message in the area below `top`.
  func noData(top: Double) -> SVGElement {
    let middle = top + (height - Self.padding - top) / 2
    var element = text(
      "No data", x: width / 2, y: middle, size: 14, color: palette.mutedText, anchor: "middle")
    element.set("class", "no-data")
    return element
  }

  /// A `<text>` element with the attributes charts use, in a fixed order.
  func text(
    _ content: String, x: Double, y: Double, size: Double, color: RGBColor,
    anchor: String? = nil, weight: String? = nil
  ) -> SVGElement {
    var attributes = [SVGAttribute("x", x), SVGAttribute("y", y)]
    if let anchor { attributes.append(SVGAttribute("text-anchor", anchor)) }
    attributes.append(SVGAttribute("font-size", size))
    if let weight { attributes.append(SVGAttribute("font-weight", weight)) }
    attributes.append(SVGAttribute("fill", color.hexText))
    return SVGElement("text", attributes, text: content)
  }
}

/// A legend item: a name and how its series is drawn.
struct LegendEntry {
  let name: String
  let color: RGBColor
  let dash: String?

  /// A 10 × 10 swatch, or a short dashed stroke for dashed series.
  func swatch(x: Double, y: Double) -> SVGElement {
    if let dash {
      return SVGElement(
        "path",
        [
          SVGAttribute("d", "M" + SVGNumber.text(x) + "," + SVGNumber.text(y + 5) + "h10"),
          SVGAttribute("stroke", color.hexText), SVGAttribute("stroke-width", 2),
          SVGAttribute("stroke-dasharray", dash),
        ])
    }
    return SVGElement(
      "rect",
      [
        SVGAttribute("x", x), SVGAttribute("y", y), SVGAttribute("width", 10),
        SVGAttribute("height", 10), SVGAttribute("rx", 2), SVGAttribute("fill", color.hexText),
      ])
  }
}
