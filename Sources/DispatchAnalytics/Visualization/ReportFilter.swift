import DispatchCore
import Foundation

/// The home chart's filters (docs/charts.md#report-filters, `ReportFilter`): a report passes only
/// when it matches every criterion. Each criterion has a canonical key such as
/// `person:Alice` or `month:3`, which is also how the command line names it.
public struct ReportFilter: Sendable, Equatable {
  public enum Criterion: Sendable, Equatable {
    /// Someone in a people answer, through the registry so every alias matches.
    case person(String)
    /// A token, ignoring case; answers to people questions do not count.
    case token(String)
    /// A location answer's text or its placemark's name, ignoring case.
    case place(String)
    /// The month (1–12) or year in the report's own time zone.
    case month(Int)
    case year(Int)
    case ambientAudio(AudioBand)
    case steps(StepBand)
    /// The weather condition, ignoring case.
    case weather(String)

    /// `person:Alice`, `month:3`, `steps:>10000`.
    public var key: String {
      switch self {
      case .person(let name): return "person:\(name)"
      case .token(let text): return "token:\(text)"
      case .place(let name): return "place:\(name)"
      case .month(let month): return "month:\(month)"
      case .year(let year): return "year:\(year)"
      case .ambientAudio(let band): return "ambientAudio:\(band.rawValue)"
      case .steps(let band): return "steps:\(band.rawValue)"
      case .weather(let condition): return "weather:\(condition)"
      }
    }
  }

  /// Ambient sound on the display scale ((dBFS + 65) × 2): quiet < 50 ≤ moderate < 70 ≤ loud.
  public enum AudioBand: String, Sendable, CaseIterable {
    case quiet, moderate, loud
  }

  /// Steps: under 5,000, 5,000–10,000 inclusive, over 10,000.
  public enum StepBand: String, Sendable, CaseIterable {
    case low = "<5000"
    case medium = "5000-10000"
    case high = ">10000"
  }

  public var criteria: [Criterion]

  public init(_ criteria: [Criterion] = []) {
    self.criteria = criteria
  }

  /// Parses a canonical key; nil when it names no criterion.
  public static func criterion(parsing key: String) -> Criterion? {
    guard let colon = key.firstIndex(of: ":") else { return nil }
    let name = key[..<colon].lowercased()
    let value = String(key[key.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    guard !value.isEmpty else { return nil }
    switch name {
    case "person": return .person(value)
    case "token": return .token(value)
    case "place": return .place(value)
    case "month": return Int(value).flatMap { (1...12).contains($0) ? .month($0) : nil }
    case "year": return Int(value).map { .year($0) }
    case "ambientaudio", "audio":
      return AudioBand(rawValue: value.lowercased()).map { .ambientAudio($0) }
    case "steps": return StepBand(rawValue: value).map { .steps($0) }
    case "weather": return .weather(value)
    default: return nil
    }
  }

  /// Whether `report` matches every criterion.
  public func matches(_ report: Report, questions: [Question], people: [Person]) -> Bool {
    criteria.allSatisfy { matches($0, report, questions: questions, people: people) }
  }

  private func matches(
    _ criterion: Criterion, _ report: Report, questions: [Question], people: [Person]
  ) -> Bool {
    let peopleQuestions = Set(questions.filter { $0.type == .people }.map(\.id))
    let local = report.localTime
    switch criterion {
    case .person(let name):
      let person = people.first { $0.answers(to: name) }
      return report.responses.contains { response in
        // Limited to people questions when the response's question is known.
        if let id = response.questionID, !peopleQuestions.isEmpty, !peopleQuestions.contains(id) {
          return false
        }
        return (response.tokens ?? []).contains { token in
          person?.answers(to: token.text) ?? (token.text.lowercased() == name.lowercased())
        }
      }
    case .token(let text):
      let folded = text.lowercased()
      return report.responses.contains { response in
        if let id = response.questionID, peopleQuestions.contains(id) { return false }
        return (response.tokens ?? []).contains { $0.text.lowercased() == folded }
      }
    case .place(let name):
      let folded = name.lowercased()
      return report.responses.contains { response in
        guard let place = response.location else { return false }
        return place.text?.lowercased() == folded
          || place.location?.placemark?.name?.lowercased() == folded
      }
    case .month(let month): return local.month == month
    case .year(let year): return local.year == year
    case .ambientAudio(let band):
      guard let audio = report.context.audio else { return false }
      let level = audio.displayAverage
      switch band {
      case .quiet: return level < 50
      case .moderate: return level >= 50 && level < 70
      case .loud: return level >= 70
      }
    case .steps(let band):
      let readings = report.context.health.filter { $0.type == "steps" }
      guard !readings.isEmpty else { return false }
      let steps = readings.reduce(0) { $0 + $1.value }
      switch band {
      case .low: return steps < 5000
      case .medium: return steps >= 5000 && steps <= 10000
      case .high: return steps > 10000
      }
    case .weather(let condition):
      return report.context.weather?.condition?.lowercased() == condition.lowercased()
    }
  }
}
