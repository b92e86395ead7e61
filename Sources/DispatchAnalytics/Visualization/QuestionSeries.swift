import DispatchCore

/// What one question's answers look like over a set of reports (docs/charts.md#question-series,
/// `VisualizationData`): the data behind the home chart of that question.
public enum QuestionSeries: Sendable, Equatable {
  /// Yes/no and multiple choice: each option's share of all answered options.
  case optionShares([OptionShare])
  /// Numbers: one raw point per report, oldest first, and their mean. No bucketing.
  case numeric(points: [NumericPoint], mean: Double)
  /// Tokens and people: the 20 most frequent, and how many distinct values there were.
  case frequency([Frequency], distinctCount: Int)
  /// Places: the 20 most frequent, by venue or text.
  case places([Frequency], distinctCount: Int)
  /// Notes: the 20 newest, first text of each.
  case recentNotes([Note])
  /// Times of day: one point per answer and their circular mean, in minutes after midnight.
  case timePoints(points: [TimePoint], averageMinutes: Int)
  /// No answered responses.
  case empty

  public struct OptionShare: Sendable, Equatable {
    public var option: String
    public var count: Int
    /// count / all answered options, 0…1.
    public var share: Double

    public init(option: String, count: Int, share: Double) {
      self.option = option
      self.count = count
      self.share = share
    }
  }

  public struct NumericPoint: Sendable, Equatable {
    public var date: Instant
    public var value: Double

    public init(date: Instant, value: Double) {
      self.date = date
      self.value = value
    }
  }

  public struct Frequency: Sendable, Equatable {
    public var value: String
    public var count: Int

    public init(value: String, count: Int) {
      self.value = value
      self.count = count
    }
  }

  public struct Note: Sendable, Equatable {
    public var date: Instant
    public var text: String

    public init(date: Instant, text: String) {
      self.date = date
      self.text = text
    }
  }

  public struct TimePoint: Sendable, Equatable {
    /// The report's date moved by the answer's day offset ("yesterday at 23:30").
    public var date: Instant
    public var minutes: Int
    /// Seconds east of UTC where the report was filed, so a chart can place the point at the
    /// report's local time rather than in UTC.
    public var offsetSeconds: Int

    public init(date: Instant, minutes: Int, offsetSeconds: Int = 0) {
      self.date = date
      self.minutes = minutes
      self.offsetSeconds = offsetSeconds
    }
  }

  /// Whether there is anything to draw.
  public var isEmpty: Bool {
    if case .empty = self { return true }
    return false
  }
}
