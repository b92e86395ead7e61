/// Dispatch's seven default questions with their UUIDv5 IDs
/// (docs/formats/dispatch-v2.md#default-questions).
///
/// They seed an empty store on `dispatch init` and on the first report, never on an import.
public enum DefaultQuestions {
  /// The slugs, in order; the array index is the sort order and the legacy ID's number.
  static let slugs = [
    "how-did-you-sleep", "are-you-working", "what-are-you-doing", "where-are-you",
    "who-are-you-with", "how-many-coffees", "what-did-you-learn",
  ]

  /// The ID of the default question with `slug`.
  public static func id(slug: String) -> String {
    DeterministicUUID.make(
      namespace: DeterministicUUID.defaultQuestionNamespace,
      name: "io.robbie.Dispatch.default-question.\(slug)")
  }

  /// Maps Dispatch's legacy `default-question-<N>` IDs to the UUIDv5 IDs; nil for anything else.
  public static func id(forLegacyID legacyID: String) -> String? {
    let prefix = "default-question-"
    let suffix = legacyID.dropFirst(prefix.count)
    // `Int` also reads "+1" and "01", which Dispatch never wrote.
    guard legacyID.hasPrefix(prefix), let index = Int(suffix), String(index) == suffix,
      slugs.indices.contains(index)
    else { return nil }
    return id(slug: slugs[index])
  }

  /// The seven questions.
  public static var all: [Question] {
    [
      Question(
        id: id(slug: slugs[0]), prompt: "How did you sleep?", type: .multipleChoice,
        sortOrder: 0, reportKinds: [.wake], choices: ["Great", "OK", "Poorly"],
        allowsMultipleSelectionSetting: false),
      Question(id: id(slug: slugs[1]), prompt: "Are you working?", type: .yesNo, sortOrder: 1),
      Question(
        id: id(slug: slugs[2]), prompt: "What are you doing?", type: .tokens, sortOrder: 2),
      Question(id: id(slug: slugs[3]), prompt: "Where are you?", type: .location, sortOrder: 3),
      Question(
        id: id(slug: slugs[4]), prompt: "Who are you with?", type: .people, sortOrder: 4,
        placeholder: "No one"),
      Question(
        id: id(slug: slugs[5]), prompt: "How many coffees did you have today?", type: .number,
        sortOrder: 5),
      Question(
        id: id(slug: slugs[6]), prompt: "What did you learn today?", type: .note, sortOrder: 6),
    ]
  }
}
