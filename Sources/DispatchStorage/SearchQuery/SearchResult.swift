import DispatchCore

/// One record a search found.
public struct SearchResult: Sendable, Equatable {
  public var recordType: SearchRecordType
  /// The record's ID (for a place, its name).
  public var recordID: String
  /// When the record happened, for the dated kinds.
  public var date: Instant?
  /// The UTC offset the record was made at, with `date`.
  public var utcOffsetSeconds: Int?
  /// What matched: for a report, each matching answer with its question, and the place it was
  /// filed at when that matched; for other records, their text.
  public var matches: [SearchMatch]
  /// FTS5's bm25 relevance: lower is more relevant.
  public var bm25: Double

  public init(
    recordType: SearchRecordType, recordID: String, date: Instant?, utcOffsetSeconds: Int?,
    matches: [SearchMatch], bm25: Double
  ) {
    self.recordType = recordType
    self.recordID = recordID
    self.date = date
    self.utcOffsetSeconds = utcOffsetSeconds
    self.matches = matches
    self.bm25 = bm25
  }

  /// The date as ISO 8601 in the record's own offset, e.g. `2026-03-04T09:15:00+01:00`.
  public var localDateText: String? {
    guard let date else { return nil }
    let offset = utcOffsetSeconds ?? 0
    return CivilTime(milliseconds: date.milliseconds, offsetSeconds: offset)
      .iso8601(fraction: false, zone: offsetDesignator(seconds: offset))
  }

  /// The question of the first matching answer, for reports.
  public var question: String? { matches.first?.question }
}

/// One matching piece of a record.
public struct SearchMatch: Sendable, Equatable {
  /// For a report's answer, the question it answers; nil for where a report was filed and for
  /// other records.
  public var question: String?
  public var snippet: SearchSnippet

  public init(question: String?, snippet: SearchSnippet) {
    self.question = question
    self.snippet = snippet
  }
}

/// How `search` orders what it finds.
public enum SearchOrder: String, Sendable, CaseIterable {
  /// Most relevant first (bm25), among the newest ``SearchEngine/rankingWindow`` matches.
  case relevance
  /// Newest first.
  case newest
}

/// What to search and how much to return.
public struct SearchOptions: Sendable, Equatable {
  /// The kinds of record to search; empty searches every kind.
  public var types: Set<SearchRecordType>
  /// The most results to return.
  public var limit: Int
  public var order: SearchOrder

  public init(types: Set<SearchRecordType> = [], limit: Int = 20, order: SearchOrder = .relevance) {
    precondition(limit > 0, "a search returns at least one result")
    self.types = types
    self.limit = limit
    self.order = order
  }
}
