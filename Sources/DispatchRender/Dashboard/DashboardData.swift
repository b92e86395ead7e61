import DispatchAnalytics
import DispatchCore
import Foundation

/// Everything the dashboard shows, read from the store in one go.
public struct DashboardData: Sendable {
  /// A question and its home-chart series (with bands per week for choices).
  public struct QuestionChart: Sendable {
    public var question: Question
    public var series: QuestionSeries
    public var bands: OptionSharesOverTime?
    /// A number question's answers per period, drawn as means over their range.
    public var periods: NumberPeriods?

    public init(
      question: Question, series: QuestionSeries, bands: OptionSharesOverTime?,
      periods: NumberPeriods? = nil
    ) {
      self.question = question
      self.series = series
      self.bands = bands
      self.periods = periods
    }
  }

  /// A health metric or record type drawn per day.
  public struct MetricChart: Sendable {
    public var title: String
    public var series: [GraphSeries]

    public init(title: String, series: [GraphSeries]) {
      self.title = title
      self.series = series
    }
  }

  /// A graph saved under a name, drawn for the page (or why it no longer draws).
  public struct SavedGraphChart: Sendable {
    public var name: String
    /// The `dispatch graph …` line that draws it.
    public var command: String
    /// Its parameters for `/graph` (`q=mood&per=week`), to open it in the graph builder.
    public var parameters: String
    public var chart: ChartSpec?
    public var problem: String?

    public init(
      name: String, command: String, parameters: String, chart: ChartSpec?, problem: String?
    ) {
      self.name = name
      self.command = command
      self.parameters = parameters
      self.chart = chart
      self.problem = problem
    }
  }

  /// The part of the history a page shows: from `from` (inclusive) to `to` (exclusive); nil
  /// ends are open.
  public struct Range: Sendable, Equatable {
    public var from: Instant?
    public var to: Instant?

    public init(from: Instant? = nil, to: Instant? = nil) {
      self.from = from
      self.to = to
    }

    /// Whether the range is the whole history.
    public var isWhole: Bool { from == nil && to == nil }

    public func contains(_ instant: Instant) -> Bool {
      (from.map { instant >= $0 } ?? true) && (to.map { instant < $0 } ?? true)
    }

    /// Whether a span from `start` to `end` (open when nil) shares a moment with the range.
    public func overlaps(from start: Instant, to end: Instant?) -> Bool {
      guard to.map({ start < $0 }) ?? true else { return false }
      guard let from, let end else { return true }
      return end >= from
    }

    /// The first and last local dates (YYYY-MM-DD) the range covers in `zone`.
    public func localDays(in zone: TimeZone) -> (from: String?, to: String?) {
      (
        from?.localDateText(in: zone),
        to.map { Instant(milliseconds: $0.milliseconds - 1).localDateText(in: zone) }
      )
    }
  }

  public var reportCount: Int
  public var firstReport: Instant?
  public var lastReport: Instant?
  public var questions: [QuestionChart]
  public var metrics: [MetricChart]
  public var insights: [Insight]
  public var digest: DigestStats
  public var weekComparison: WeekComparison?
  public var context: [MetricContextEntry]
  /// The zone the page's dates are in: the store's, as the CLI's.
  public var zone = TimeZone(identifier: "UTC") ?? .current
  /// The part of the history shown.
  public var range = Range()
  /// The saved graphs, drawn from the whole history (their queries hold their own dates).
  public var savedGraphs: [SavedGraphChart] = []

  public init(
    reportCount: Int, firstReport: Instant?, lastReport: Instant?, questions: [QuestionChart],
    metrics: [MetricChart], insights: [Insight], digest: DigestStats,
    weekComparison: WeekComparison?, context: [MetricContextEntry]
  ) {
    self.reportCount = reportCount
    self.firstReport = firstReport
    self.lastReport = lastReport
    self.questions = questions
    self.metrics = metrics
    self.insights = insights
    self.digest = digest
    self.weekComparison = weekComparison
    self.context = context
  }
}
