import DispatchCore
import DispatchStorage
import Foundation

/// One file read, before its questions are built.
struct ReporterFileContent {
  var path: String
  /// nil when the file has no `questions` key (the oldest day files,
  /// docs/formats/reporter.md#files-and-containers).
  var listed: [ReporterListedQuestion]?
  var reports: [Report]
  var problems: [ImportProblem]
  var skipped: Int
  /// Reports whose date carried no zone (see ``ReporterSnapshotReader/zonelessDates``).
  var zonelessDates: Int
}

/// What the answers to one prompt show, gathered over every file read together.
struct ReporterPromptEvidence {
  var hasLocation = false
  var hasNumber = false
  var hasNote = false
  var hasOptions = false
  /// Distinct `answeredOptions` values in first-seen order.
  var options: [String] = []
  var placeholderIsNoOne = false

  mutating func add(_ response: Response) {
    hasLocation = hasLocation || response.location != nil
    hasNumber = hasNumber || response.number != nil
    hasNote = hasNote || response.notes != nil
    if let answered = response.options {
      hasOptions = true
      for option in answered where !options.contains(option) { options.append(option) }
    }
  }

  /// The first rule of docs/formats/reporter.md#type-inference that matches (those rules
  /// supersede the older heuristic).
  func inferredType(prompt: String) -> QuestionType {
    if hasLocation { return .location }
    if hasNumber { return .number }
    if hasNote { return .note }
    if hasOptions {
      let yesNo = options.allSatisfy { ["yes", "no"].contains($0.lowercased()) }
      return yesNo && options.count <= 2 ? .yesNo : .multipleChoice
    }
    // Tokens, or no answers at all (the model default): people by prompt or placeholder.
    return placeholderIsNoOne || Self.asksWhoWith(prompt) ? .people : .tokens
  }

  /// /who .*with/i without a regex engine: "who " followed, later or at once, by "with".
  static func asksWhoWith(_ prompt: String) -> Bool {
    let folded = prompt.lowercased()
    guard let who = folded.range(of: "who ") else { return false }
    return folded[who.upperBound...].contains("with")
  }
}

/// Builds each file's questions and joins responses to them
/// (docs/formats/dispatch-v2.md#deterministic-ids).
enum ReporterQuestionAssembly {
  /// Empties each file's reports into its batch (hence `inout`).
  static func batches(_ files: inout [ReporterFileContent]) -> [ImportBatch] {
    var evidence: [String: ReporterPromptEvidence] = [:]
    for file in files {
      for question in file.listed ?? [] where Self.isNoOne(question.placeholder) {
        evidence[question.prompt, default: ReporterPromptEvidence()].placeholderIsNoOne = true
      }
      for report in file.reports {
        for response in report.responses {
          evidence[response.questionPrompt, default: ReporterPromptEvidence()].add(response)
        }
      }
    }
    // Each file's reports move into its batch and are updated in place: a decade of history
    // is held once, not copied.
    var batches: [ImportBatch] = []
    for index in files.indices {
      var reports: [Report] = []
      swap(&reports, &files[index].reports)
      batches.append(batch(for: files[index], reports: &reports, evidence: evidence))
    }
    return batches
  }

  static func isNoOne(_ placeholder: String?) -> Bool {
    placeholder?.trimmingCharacters(in: .whitespaces).lowercased() == "no one"
  }

  private static func batch(
    for file: ReporterFileContent, reports: inout [Report],
    evidence: [String: ReporterPromptEvidence]
  ) -> ImportBatch {
    var questions: [ImportedQuestion] = []
    var idByPrompt: [String: String] = [:]
    func add(_ question: Question, hasSourceID: Bool, source: QuestionTypeSource) {
      var question = question
      // Reporter exports no option lists: rebuild them from the answers, first-seen order,
      // even for a stated type (docs/formats/reporter.md#type-inference,
      // docs/formats/reporter.md#questions).
      if question.type == .multipleChoice {
        for option in evidence[question.prompt]?.options ?? []
        where !question.choices.contains(option) {
          question.choices.append(option)
        }
      }
      questions.append(
        ImportedQuestion(question: question, hasSourceID: hasSourceID, typeSource: source))
      // With duplicate prompts the first question wins the join
      // (docs/formats/reporter.md#questions).
      if idByPrompt[question.prompt] == nil { idByPrompt[question.prompt] = question.id }
    }
    for listed in file.listed ?? [] {
      let inferred = evidence[listed.prompt]?.inferredType(prompt: listed.prompt) ?? .tokens
      var question = Question(
        id: listed.id, prompt: listed.prompt, type: listed.statedType ?? inferred,
        sortOrder: listed.position, placeholder: listed.placeholder)
      question.allowsMultipleSelectionSetting = listed.allowsMultipleSelection
      add(
        question, hasSourceID: listed.sourceID != nil,
        source: listed.statedType == nil ? .inferredFromJSON : .stated)
    }
    // Prompts answered but not listed: disabled when the file has a list (the question was
    // deleted or renamed since), enabled when it has none at all
    // (docs/formats/reporter.md#questions).
    var nextOrder = (file.listed?.map(\.position).max() ?? -1) + 1
    for report in reports {
      for response in report.responses where idByPrompt[response.questionPrompt] == nil {
        let prompt = response.questionPrompt
        let type = evidence[prompt]?.inferredType(prompt: prompt) ?? .tokens
        let question = Question(
          id: ImportIdentity.reporterQuestion(prompt: prompt), prompt: prompt, type: type,
          sortOrder: nextOrder, isEnabled: file.listed == nil)
        nextOrder += 1
        add(question, hasSourceID: false, source: .inferredFromJSON)
      }
    }
    for reportIndex in reports.indices {
      for index in reports[reportIndex].responses.indices {
        let prompt = reports[reportIndex].responses[index].questionPrompt
        reports[reportIndex].responses[index].questionID = idByPrompt[prompt]
      }
    }
    var batch = ImportBatch(
      path: file.path, format: .reporterJSON, questions: questions, reports: reports,
      problems: file.problems, skipped: file.skipped)
    batch.zonelessDates = file.zonelessDates
    return batch
  }
}
