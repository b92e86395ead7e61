import DispatchCore
import DispatchStorage
import DispatchSupport

/// Telling Dispatch's legacy `default-question-N` IDs from Reporter's own.
///
/// Dispatch numbered its seven defaults `default-question-0…6` before they got UUIDv5 IDs, and
/// a v2 import maps those (docs/formats/dispatch-v2.md#default-questions). Reporter also wrote
/// `default-question-N` IDs, numbered differently, and we keep them verbatim
/// (docs/formats/dispatch-v2.md#deterministic-ids) — so a Reporter history exported as v2 carries
/// them too. Mapping those would attach Reporter's "What are you doing?" (its `default-question-3`)
/// to Dispatch's "Where are you?". A legacy ID is therefore mapped only when its question's prompt
/// is that of Dispatch's default of the same number (or the file does not define it).
extension V2Import {
  /// Legacy IDs in `root`'s questions whose prompt is not Dispatch's default of that number.
  static func foreignLegacyIDs(in root: V2Fields) -> Set<String> {
    let defaults = DefaultQuestions.all
    var foreign = Set<String>()
    for entry in ((try? root.optionalArray("questions")) ?? []).compactMap(\.object) {
      guard let id = entry["uniqueIdentifier"]?.string,
        let mapped = DefaultQuestions.id(forLegacyID: id),
        let prompt = entry["prompt"]?.string,
        let expected = defaults.first(where: { $0.id == mapped })?.prompt,
        prompt != expected
      else { continue }
      foreign.insert(id)
    }
    return foreign
  }

  /// `batch` with the mapping undone for `foreign` legacy IDs.
  static func keepingVerbatim(_ foreign: Set<String>, in batch: ImportBatch) -> ImportBatch {
    guard !foreign.isEmpty else { return batch }
    var original: [String: String] = [:]
    for id in foreign {
      if let mapped = DefaultQuestions.id(forLegacyID: id) { original[mapped] = id }
    }
    func restore(_ id: String) -> String { original[id] ?? id }
    var result = batch
    for index in result.questions.indices {
      result.questions[index].question.id = restore(result.questions[index].question.id)
    }
    for reportIndex in result.reports.indices {
      for responseIndex in result.reports[reportIndex].responses.indices {
        let id = result.reports[reportIndex].responses[responseIndex].questionID
        result.reports[reportIndex].responses[responseIndex].questionID = id.map(restore)
      }
    }
    for index in result.promptGroups.indices {
      result.promptGroups[index].questionIDs = result.promptGroups[index].questionIDs.map(restore)
    }
    return result
  }
}
