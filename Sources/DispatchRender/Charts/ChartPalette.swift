/// The colours every chart draws with, chosen for contrast on the chart background.
///
/// The standard palette, on a white background (WCAG 2 contrast ratios against `#ffffff`):
///
/// | role | colour | contrast |
/// |---|---|---|
/// | text (titles, labels) | `#1f2328` | 15.8:1 |
/// | muted text (subtitle, ticks, notes), axis lines | `#59636e` | 6.1:1 |
/// | grid lines (decoration only) | `#d8dee4` | 1.4:1 |
/// | series 1, blue | `#0072b2` | 5.2:1 |
/// | series 2, vermillion | `#d55e00` | 3.9:1 |
/// | series 3, bluish green | `#007a5e` | 5.3:1 |
/// | series 4, wine | `#aa3377` | 6.1:1 |
/// | series 5, ochre | `#8c6d00` | 4.9:1 |
/// | series 6, violet | `#5d3a9b` | 8.3:1 |
///
/// Text meets WCAG's 4.5:1 and every series colour the 3:1 that SC 1.4.11 asks of graphical
/// objects. The first three follow the Okabe–Ito colour-blind-safe hues (blue, vermillion,
/// bluish green), darkened where needed to reach 3:1; series past the sixth reuse the colours
/// with a dash pattern, so colour is never the only difference. Text drawn on a filled shape
/// (band blocks) is black or white, whichever contrasts more (``RGBColor/readableTextColor``).
/// Proportion-band blocks use the series colours too, one per option, with their labels and the
/// legend, so options are never told apart by colour alone.
public struct ChartPalette: Sendable, Equatable {
  /// The chart's background fill.
  public var background: RGBColor
  /// Titles and labels.
  public var text: RGBColor
  /// Subtitles, notes, tick labels and axis lines.
  public var mutedText: RGBColor
  /// Grid lines; decorative, so they stay faint.
  public var grid: RGBColor
  /// Series colours in order; series `i` uses `series[i % series.count]`.
  public var series: [RGBColor]

  /// A palette from its colours.
  public init(
    background: RGBColor, text: RGBColor, mutedText: RGBColor, grid: RGBColor,
    series: [RGBColor]
  ) {
    precondition(!series.isEmpty, "a palette needs at least one series colour")
    self.background = background
    self.text = text
    self.mutedText = mutedText
    self.grid = grid
    self.series = series
  }

  /// The documented default, on white.
  public static let standard = ChartPalette(
    background: .white,
    text: RGBColor(hex: 0x1F2328),
    mutedText: RGBColor(hex: 0x59636E),
    grid: RGBColor(hex: 0xD8DEE4),
    series: [
      RGBColor(hex: 0x0072B2), RGBColor(hex: 0xD55E00), RGBColor(hex: 0x007A5E),
      RGBColor(hex: 0xAA3377), RGBColor(hex: 0x8C6D00), RGBColor(hex: 0x5D3A9B),
    ])

  /// The colour of series `index`.
  public func seriesColor(_ index: Int) -> RGBColor {
    series[index % series.count]
  }

  /// The dash pattern of series `index`: none for the first round of colours, then dashes.
  func seriesDash(_ index: Int) -> String? {
    switch index / series.count {
    case 0: nil
    case 1: "6 3"
    default: "2 3"
    }
  }
}
