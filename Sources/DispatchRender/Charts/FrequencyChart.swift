/// The most frequent values of a question (tokens, people, places) with their counts.
public struct FrequencyChart: Sendable, Equatable {
  /// The values and counts, in any order; the chart sorts them.
  public var items: [Item]
  /// How many bars are drawn at most (Dispatch shows the top 20).
  public var limit: Int
  /// The number of distinct values when it is larger than `items.count` (the original
  /// "N ANSWERS"), so the chart can say how many were left out.
  public var distinctCount: Int?

  /// A frequency chart from its items.
  public init(items: [Item], limit: Int = 20, distinctCount: Int? = nil) {
    precondition(limit > 0, "a frequency chart shows at least one bar")
    self.items = items
    self.limit = limit
    self.distinctCount = distinctCount
  }

  /// Whether any item has a positive count.
  public var hasData: Bool { items.contains { $0.count > 0 } }

  /// The bars drawn: positive counts only, count descending then label by code point, at
  /// most `limit` (the order of `frequency` in docs/charts.md#question-series).
  public var topItems: [Item] {
    let sorted = items.filter { $0.count > 0 }.sorted { left, right in
      left.count != right.count
        ? left.count > right.count
        : left.label.unicodeScalars.lexicographicallyPrecedes(
          right.label.unicodeScalars)
    }
    return Array(sorted.prefix(limit))
  }

  /// The number of distinct values in all, shown or not.
  var totalDistinct: Int {
    max(distinctCount ?? 0, items.filter { $0.count > 0 }.count)
  }

  /// A value and how often it occurred.
  public struct Item: Sendable, Equatable {
    /// The value as shown, e.g. a token or a person's name.
    public var label: String
    /// How often it occurred.
    public var count: Int

    /// An item from its label and count.
    public init(label: String, count: Int) {
      self.label = label
      self.count = count
    }
  }
}
