/// Option shares per period, drawn as one band of stacked blocks per period.
///
/// This is Dispatch's proportion visualization (docs/charts.md#question-series) for yes/no and
/// multiple-choice questions, repeated per period: each period's blocks get heights from
/// ``OptionBlockLayout`` and colours from the palette's series colours. An option keeps its block index
/// (and so its shade) in every period; an option with no answers in a period gets no block
/// there, as Dispatch omits choices with 0 answers.
public struct BandChart: Sendable, Equatable {
  /// The options in display order (the question's choice order).
  public var options: [String]
  /// The periods in time order.
  public var periods: [Period]

  /// A band chart from its options and periods.
  public init(options: [String], periods: [Period]) {
    self.options = options
    self.periods = periods
  }

  /// Whether any period has an answer.
  public var hasData: Bool { periods.contains { $0.total > 0 } }

  /// One band: a label and how often each option was answered.
  public struct Period: Sendable, Equatable {
    /// The label under the band, e.g. `Mar 2026` or `W12`.
    public var label: String
    /// Answers per option, aligned with ``BandChart/options``; missing entries count 0 and
    /// negative counts count 0.
    public var counts: [Int]

    /// A period from its label and counts.
    public init(label: String, counts: [Int]) {
      self.label = label
      self.counts = counts
    }

    /// The number of answers in the period.
    public var total: Int { counts.reduce(0) { $0 + max(0, $1) } }

    /// The count of option `index`, 0 when missing or negative.
    func count(_ index: Int) -> Int {
      index < counts.count ? max(0, counts[index]) : 0
    }
  }
}
