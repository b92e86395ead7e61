/// The deterministic narrative of a digest (docs/insights.md#digest-sentences, `templateSummary`):
/// sentences in a fixed order joined by single spaces, each left out when it has nothing to
/// say.
extension DigestStats {
  /// The whole narrative in one line, as Dispatch's `templateSummary` writes it (the JSON's
  /// `summary`).
  public var summary: String {
    (whatYouFiled + howItWent + topInsights.map { "Looking across all your reports: \($0.title)" })
      .joined(separator: " ")
  }

  /// The same sentences for reading: what was filed, then how the period went, each a
  /// paragraph (empty ones left out); the insights of the whole history follow apart
  /// (``topInsights``), said once rather than before each.
  public var paragraphs: [String] {
    [whatYouFiled, howItWent].filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
  }

  /// Reports filed, and the most frequent answers, people and places.
  private var whatYouFiled: [String] {
    var sentences = [filedSentence]
    if !topTokens.isEmpty {
      sentences.append("Your most frequent answers were \(Self.list(topTokens)).")
    }
    if !topPeople.isEmpty {
      sentences.append("You mentioned \(Self.list(topPeople)) most often.")
    }
    if !topPlaces.isEmpty {
      sentences.append("Top places: \(Self.list(topPlaces)).")
    }
    return sentences
  }

  /// Mood, steps and workouts, and the report streak.
  private var howItWent: [String] {
    var sentences: [String] = []
    if let mood = moodSentence { sentences.append(mood) }
    var logged: [String] = []
    if stepsTotal > 0 { logged.append("\(InsightFormat.grouped(stepsTotal)) steps") }
    if workoutCount > 0 {
      logged.append("\(workoutCount) \(workoutCount == 1 ? "workout" : "workouts")")
    }
    if !logged.isEmpty { sentences.append("You logged \(logged.joined(separator: " and ")).") }
    if streakDays > 1 { sentences.append("Your report streak stands at \(streakDays) days.") }
    return sentences
  }

  private var filedSentence: String {
    let noun = period.noun
    let reports = reportCount == 1 ? "report" : "reports"
    let difference = reportCount - priorPeriodReportCount
    let delta: String
    if priorPeriodReportCount == 0 && reportCount > 0 {
      delta = "your first reports in two \(noun)s"
    } else if difference > 0 {
      delta = "\(difference) more than the \(noun) before"
    } else if difference < 0 {
      delta = "\(-difference) fewer than the \(noun) before"
    } else {
      delta = "the same as the \(noun) before"
    }
    return "You filed \(reportCount) \(reports) this \(noun), \(delta)."
  }

  private var moodSentence: String? {
    guard let valence = valenceAverage else { return nil }
    let noun = period.noun
    guard let prior = priorValenceAverage else {
      return "Your mood readings leaned \(valence >= 0 ? "positive" : "negative")."
    }
    if valence - prior > 0.05 { return "Your mood trended up from the \(noun) before." }
    if valence - prior < -0.05 { return "Your mood trended down from the \(noun) before." }
    return "Your mood held steady \(noun) over \(noun)."
  }

  /// "Working (3), Reading (1)".
  private static func list(_ counts: [Count]) -> String {
    counts.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")
  }
}
