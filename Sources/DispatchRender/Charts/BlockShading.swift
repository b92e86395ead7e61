/// Colours of a proportion band's card and blocks (docs/charts.md#question-series, Dispatch's
/// `BlockShading`).
///
/// The card is the background blended 8 % toward white. Block 0 is the background lightened
/// from 8 % in 1 % steps up to 25 %, stopping at the first step whose WCAG contrast against the
/// card reaches 1.10; block `i ≥ 1` is the background darkened from 10 %·i in 1 % steps up to
/// 90 %, with the same target. When no step reaches the target the last step (25 % or 90 %) is
/// used, as Dispatch does. Contrast is measured on the colours rounded to bytes, which are the
/// colours written.
public enum BlockShading {
  /// How far the card is blended toward white.
  public static let cardBlend = 0.08
  /// The contrast every block aims for against the card.
  public static let contrastTarget = 1.10

  /// The card colour for `background`.
  public static func cardColor(background: RGBColor) -> RGBColor {
    background.blended(toward: .white, fraction: cardBlend)
  }

  /// The colours of blocks `0..<count` on the card of `background`.
  public static func blockColors(count: Int, background: RGBColor) -> [RGBColor] {
    (0..<max(0, count)).map { blockColor(index: $0, background: background) }
  }

  /// The colour of block `index` on the card of `background`.
  public static func blockColor(index: Int, background: RGBColor) -> RGBColor {
    search(index: index, background: background).color
  }

  /// The percentage step chosen for block `index`, for tests and documentation.
  static func chosenPercent(index: Int, background: RGBColor) -> Int {
    search(index: index, background: background).percent
  }

  /// The stepped search: the first step reaching the target, else the last step.
  private static func search(index: Int, background: RGBColor) -> (color: RGBColor, percent: Int) {
    precondition(index >= 0, "block indices start at 0")
    let card = cardColor(background: background)
    let (target, steps): (RGBColor, ClosedRange<Int>) =
      index == 0 ? (.white, 8...25) : (.black, min(90, 10 * min(index, 9))...90)
    for percent in steps {
      let color = background.blended(toward: target, fraction: Double(percent) / 100)
      if color.contrastRatio(against: card) >= contrastTarget { return (color, percent) }
    }
    return (
      background.blended(toward: target, fraction: Double(steps.upperBound) / 100),
      steps.upperBound
    )
  }
}
