import DispatchCore
import Foundation

/// Question types of Reporter CSV prompt columns, inferred from the cells
/// (docs/formats/reporter.md#csv-column-types: these rules, not the JSON rules of
/// docs/formats/reporter.md#type-inference, apply to CSV files).
public enum ReporterCSVInference {
  /// The inferred type of a column and, for multiple choice, its choices in first-seen order.
  ///
  /// The first rule that matches wins: every non-empty cell a number → number; only Yes/No →
  /// yesNo; prompt matching /who .*with/i → people; prompt matching /where/i with no commas in
  /// the cells → location; a line break in a cell or an average length over 40 characters →
  /// note; at most 6 distinct values, none with a comma, over at least 3 answers → multiple
  /// choice; otherwise tokens. A column without answers falls through to tokens.
  public static func infer(prompt: String, cells: [String]) -> (
    type: QuestionType, choices: [String]
  ) {
    let answers = cells.filter { !$0.isEmpty }
    if !answers.isEmpty && answers.allSatisfy(isNumber) { return (.number, []) }
    if !answers.isEmpty && answers.allSatisfy({ ["yes", "no"].contains($0.lowercased()) }) {
      return (.yesNo, [])
    }
    let folded = prompt.lowercased()
    if let who = folded.range(of: "who "), folded[who.upperBound...].contains("with") {
      return (.people, [])
    }
    let hasComma = answers.contains { $0.contains(",") }
    if folded.contains("where") && !hasComma { return (.location, []) }
    if !answers.isEmpty {
      let hasBreak = answers.contains { $0.contains("\n") || $0.contains("\r") }
      let average = Double(answers.reduce(0) { $0 + $1.count }) / Double(answers.count)
      if hasBreak || average > 40 { return (.note, []) }
    }
    var distinct: [String] = []
    for answer in answers where !distinct.contains(answer) { distinct.append(answer) }
    if answers.count >= 3 && distinct.count <= 6 && !hasComma { return (.multipleChoice, distinct) }
    return (.tokens, [])
  }

  /// A plain decimal number: optional sign, digits, optional fraction and exponent. `Double`
  /// alone would also take `nan`, `inf` and hexadecimal, which are words in a survey cell.
  public static func isNumber(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }),
      trimmed.contains(where: \.isNumber), let value = Double(trimmed)
    else { return false }
    return value.isFinite
  }

  /// The response a non-empty cell gives under `type`, with deterministic IDs
  /// (docs/formats/dispatch-v2.md#deterministic-ids).
  static func response(
    cell: String, question: Question, reportID: String
  ) -> Response {
    let id = ImportIdentity.reporterResponse(snapshotID: reportID, prompt: question.prompt)
    // Like the JSON export of the same snapshot, the answer joins its question by prompt.
    var response = Response(id: id, questionID: nil, questionPrompt: question.prompt)
    func values(_ texts: [String]) -> [TokenValue] {
      texts.enumerated().map {
        TokenValue(
          id: ImportIdentity.reporterToken(responseID: id, index: $0.offset, text: $0.element),
          text: $0.element)
      }
    }
    switch question.type {
    case .number:
      response.number = cell
    case .yesNo, .multipleChoice:
      response.options = [cell]
    case .location:
      response.location = LocationAnswer(text: cell)
    case .note:
      response.notes = values([cell])
    case .tokens, .people, .time:
      // Multi-value cells are joined with `,` and no space inside quotes
      // (docs/formats/reporter.md#reporter-csv).
      let pieces = cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      response.tokens = values(pieces.filter { !$0.isEmpty })
    }
    return response
  }
}
