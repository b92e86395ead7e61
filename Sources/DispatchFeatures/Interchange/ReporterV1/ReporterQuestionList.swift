import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// A question as a Reporter file lists it (docs/formats/reporter.md#questions).
struct ReporterListedQuestion {
  var sourceID: String?
  var prompt: String
  /// `questionType` (2.x); absent in 1.x lists, whose types are inferred.
  var statedType: QuestionType?
  var placeholder: String?
  /// 1.x `allowMultipleSelection` (0/1).
  var allowsMultipleSelection: Bool?
  /// 0-based position in the file's list, used as the sort order
  /// (docs/formats/reporter.md#questions).
  var position: Int

  /// The source ID verbatim (Reporter's `default-question-N` included,
  /// docs/formats/dispatch-v2.md#deterministic-ids), or `reporter.question|<prompt>` so ID-less
  /// questions converge across files.
  var id: String { sourceID ?? ImportIdentity.reporterQuestion(prompt: prompt) }
}

/// Reads a file's `questions` array, skipping and noting malformed entries.
enum ReporterQuestionList {
  static func read(_ values: [JSONNode], path: String, problems: inout [ImportProblem])
    -> (questions: [ReporterListedQuestion], skipped: Int)
  {
    var questions: [ReporterListedQuestion] = []
    var skipped = 0
    var seenIDs = Set<String>()
    for (position, value) in values.enumerated() {
      let record = position + 1
      let sourceID = value.object?["uniqueIdentifier"]?.string
      do throws(ReporterFieldError) {
        let question = try read(value, position: position)
        // A repeated ID (or, without IDs, a repeated prompt) would be one question twice.
        guard seenIDs.insert(question.id).inserted else {
          throw ReporterFieldError(
            field: question.sourceID == nil ? "prompt" : "uniqueIdentifier",
            reason: "the question repeats an earlier one")
        }
        questions.append(question)
      } catch {
        skipped += 1
        problems.append(
          ImportProblem(
            file: path, record: record, id: sourceID, field: error.field,
            reason: "question skipped: " + error.reason))
      }
    }
    return (questions, skipped)
  }

  private static func read(_ value: JSONNode, position: Int) throws(ReporterFieldError)
    -> ReporterListedQuestion
  {
    guard let object = value.object else {
      throw ReporterFieldError(field: nil, reason: "the question is not an object")
    }
    guard let prompt = try object.reporterString("prompt"),
      !ReporterJSONFields.isBlank(prompt)
    else { throw ReporterFieldError(field: "prompt", reason: "the question has no prompt") }
    var statedType: QuestionType?
    if let raw = try object.reporterInt("questionType") {
      guard let type = QuestionType(rawValue: raw) else {
        throw ReporterFieldError(field: "questionType", reason: "unknown questionType \(raw)")
      }
      statedType = type
    }
    return ReporterListedQuestion(
      sourceID: try object.reporterString("uniqueIdentifier"), prompt: prompt,
      statedType: statedType, placeholder: try object.reporterString("placeholderString"),
      allowsMultipleSelection: try object.reporterFlag("allowMultipleSelection"),
      position: position)
  }
}
