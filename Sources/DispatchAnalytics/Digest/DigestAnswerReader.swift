import DispatchCore

/// Tallies the answers and readings of a period's reports for its digest: tokens and people
/// apart by question type (untyped answers count as tokens), places by venue or text,
/// number answers per prompt, state-of-mind valence per answer, workouts.
struct DigestAnswerReader {
  struct Tally {
    var tokens: [String: Int] = [:]
    var people: [String: Int] = [:]
    var places: [String: Int] = [:]
    var numbers: [String: [Double]] = [:]
    var valence: [Double] = []
    /// Seconds per workout, keyed by type and start so a workout on two reports counts once.
    var workouts: [String: Double] = [:]
  }

  private let answers: AnswerResolver

  init(questions: [Question], people: [Person]) {
    answers = AnswerResolver(questions: questions, people: people)
  }

  func read(_ reports: [Report]) -> Tally {
    var tally = Tally()
    for report in reports {
      for response in report.responses where !response.isSkipped {
        add(response, question: answers.question(of: response), to: &tally)
      }
      for reading in report.context.health where reading.value.isFinite {
        if InsightSignalBuilder.isWorkout(reading.type) {
          let start = reading.startDate.map { String($0.milliseconds) } ?? "-"
          tally.workouts["\(reading.type)|\(start)"] = reading.value
        }
      }
    }
    return tally
  }

  private func add(_ response: Response, question: Question?, to tally: inout Tally) {
    if let question, question.stateOfMindKind != nil {
      tally.valence += StateOfMindValence.values(of: response, question: question)
    }
    switch question?.type {
    case .people:
      for token in response.tokens ?? [] where !token.text.isEmpty {
        let name = answers.personName(token.text)
        tally.people[name, default: 0] += 1
      }
    case .location:
      guard let name = response.location.flatMap(AnswerResolver.placeName) else { return }
      tally.places[name, default: 0] += 1
    case .number:
      if let question, let value = response.numericValue, value.isFinite {
        tally.numbers[question.prompt, default: []].append(value)
      }
    case .tokens, nil:
      for token in response.tokens ?? [] where !token.text.isEmpty {
        tally.tokens[token.text, default: 0] += 1
      }
    default:
      return
    }
  }
}
