/// A yes/no property of a report the global engine compares: an answer, a token, a person, a
/// place, the weather, a Focus, a workout (docs/insights.md#global-engine-rules).
struct CategoricalSignal: Sendable {
  /// Unique among signals, e.g. `token:gym`; breaks ties and de-duplicates mirror pairs.
  var id: String
  /// Signals sharing a source never pair (a question's choices, tokens, people and places, the
  /// weather's conditions). A token, person or place answered under several questions has the
  /// source of each.
  var sources: Set<String>
  /// "mention “gym”": set for signals that can be the answer of a co-occurrence.
  var verbPhrase: String?
  /// "when you mention “gym”", "at Office".
  var contextPhrase: String
  /// Reports where the property holds.
  var present: ReportSet
  /// Reports where it could have held (the question was answered, any weather was recorded).
  var eligible: ReportSet

  /// Eligible reports without the property.
  var absentCount: Int { eligible.count - present.count }

  /// Whether the two signals come from a common source, and so never pair.
  func sharesSource(with other: CategoricalSignal) -> Bool {
    !sources.isDisjoint(with: other.sources)
  }

  /// The sources in a stable order, for an insight's `sourceKeys`.
  var sortedSources: [String] { sources.sorted() }
}

/// A number a report may carry: a number answer, steps, ambient sound, mood valence.
struct NumericSignal: Sendable {
  var id: String
  var sourceKey: String
  /// "steps": titles say "average 6,000 more steps".
  var noun: String?
  /// "Your answer to “Coffees?”": titles of metrics without a noun say it "tends to run higher".
  var subject: String
  var format: InsightFormat
  /// One value per report position; meaningful where `defined` holds.
  var values: [Double]
  var defined: ReportSet
}
