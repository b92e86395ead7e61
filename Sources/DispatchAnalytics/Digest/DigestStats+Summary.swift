/// The deterministic narrative of a digest (docs/insights.md#digest-sentences, `templateSummary`):
/// sentences in a fixed order joined by single spaces, each left out when it has nothing to
/// say.
extension DigestStats {
  public var summary: String {
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
    if let mood = moodSentence { sentences.append(mood) }
    var logged: [String] = []
    if stepsTotal > 0 { logged.append("\(InsightFormat.grouped(stepsTotal)) steps") }
    if workoutCount > 0 {
      logged.append("\(workoutCount) \(workoutCount == 1 ? "workout" : "workouts")")
    }
    if !logged.isEmpty { sentences.append("You logged \(logged.joined(separator: " and ")).") }
    if streakDays > 1 { sentences.append("Your report streak stands at \(streakDays) days.") }
    for insight in topInsights {
      sentences.append("Looking across all your reports: \(insight.title)")
    }
    return sentences.joined(separator: " ")
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
