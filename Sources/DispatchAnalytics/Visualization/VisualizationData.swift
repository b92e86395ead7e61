import DispatchCore
import Foundation

/// Builds a question's series from reports (docs/charts.md#question-series).
public enum VisualizationData {
  /// Entries kept by the frequency, places and notes series.
  public static let topCount = 20

  /// The series of `question` over `reports` (drafts left out). A response belongs to the
  /// question by ID; only a response without an ID is matched by prompt.
  public static func build(question: Question, reports: [Report], people: [Person])
    -> QuestionSeries
  {
    let answered = responses(of: question, in: reports)
    guard !answered.isEmpty else { return .empty }
    switch question.type {
    case .yesNo, .multipleChoice:
      return optionShares(answered.compactMap { $0.response.options }, question: question)
    case .number:
      let points = answered.compactMap { report, response -> QuestionSeries.NumericPoint? in
        guard let value = response.numericValue, value.isFinite else { return nil }
        return .init(date: report.date, value: value)
      }.sorted { $0.date < $1.date }
      guard !points.isEmpty else { return .empty }
      return .numeric(points: points, mean: points.map(\.value).reduce(0, +) / Double(points.count))
    case .tokens, .people:
      var counts: [String: Int] = [:]
      for (_, response) in answered {
        for token in response.tokens ?? [] where !token.text.isEmpty {
          let name =
            question.type == .people
            ? AnswerResolver.personName(token.text, in: people) : token.text
          counts[name, default: 0] += 1
        }
      }
      guard !counts.isEmpty else { return .empty }
      return .frequency(top(counts), distinctCount: counts.count)
    case .location:
      var counts: [String: Int] = [:]
      for (_, response) in answered {
        guard let name = response.location.flatMap(AnswerResolver.placeName) else { continue }
        counts[name, default: 0] += 1
      }
      guard !counts.isEmpty else { return .empty }
      return .places(top(counts), distinctCount: counts.count)
    case .note:
      let notes = answered.compactMap { report, response -> QuestionSeries.Note? in
        guard let text = response.notes?.first?.text, !text.isEmpty else { return nil }
        return .init(date: report.date, text: text)
      }.sorted { $0.date > $1.date }
      return notes.isEmpty ? .empty : .recentNotes(Array(notes.prefix(topCount)))
    case .time:
      let points = answered.compactMap { report, response -> QuestionSeries.TimePoint? in
        guard let time = response.time else { return nil }
        return .init(
          date: report.date.adding(seconds: Int64(time.dayOffset) * 86_400),
          minutes: min(max(time.minutes, 0), 1439), offsetSeconds: report.utcOffsetSeconds)
      }
      guard !points.isEmpty else { return .empty }
      return .timePoints(points: points, averageMinutes: circularMean(points.map(\.minutes)))
    }
  }

  /// The filed reports' answered responses to `question`, oldest report first.
  static func responses(of question: Question, in reports: [Report]) -> [(
    report: Report, response: Response
  )] {
    var result: [(Report, Response)] = []
    for report in reports where !report.isDraft {
      let match = report.responses.first { response in
        if let id = response.questionID { return id == question.id }
        return response.questionPrompt == question.prompt
      }
      if let match, !match.isSkipped { result.append((report, match)) }
    }
    return result.sorted { $0.0.date < $1.0.date }
  }

  /// Shares in the question's choice order, then unlisted options by count and name; options
  /// never answered are left out.
  static func optionShares(_ answers: [[String]], question: Question) -> QuestionSeries {
    var counts: [String: Int] = [:]
    for options in answers { for option in options { counts[option, default: 0] += 1 } }
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return .empty }
    let choices = question.effectiveChoices
    let listed = choices.filter { counts[$0] != nil }
    let unlisted = counts.keys.filter { !choices.contains($0) }
      .sorted { (counts[$0] ?? 0, $1) > (counts[$1] ?? 0, $0) }
    return .optionShares(
      (listed + unlisted).map { option in
        let count = counts[option] ?? 0
        return .init(option: option, count: count, share: Double(count) / Double(total))
      })
  }

  /// Most frequent first, then alphabetical; the first 20.
  static func top(_ counts: [String: Int]) -> [QuestionSeries.Frequency] {
    counts.map { QuestionSeries.Frequency(value: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
      .prefix(topCount).map { $0 }
  }

  /// The circular mean of minutes after midnight (23:50 and 00:10 average to 00:00); the
  /// integer arithmetic mean when the directions cancel out.
  static func circularMean(_ minutes: [Int]) -> Int {
    guard !minutes.isEmpty else { return 0 }
    var sine = 0.0
    var cosine = 0.0
    for minute in minutes {
      let angle = Double(minute) / 1440 * 2 * Double.pi
      sine += sin(angle)
      cosine += cos(angle)
    }
    sine /= Double(minutes.count)
    cosine /= Double(minutes.count)
    guard sine * sine + cosine * cosine > 1e-9 else {
      return minutes.reduce(0, +) / minutes.count
    }
    var angle = atan2(sine, cosine)
    if angle < 0 { angle += 2 * Double.pi }
    return Int((angle / (2 * Double.pi) * 1440).rounded()) % 1440
  }
}
