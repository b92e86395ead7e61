import DispatchCore

/// The questions of the demo survey: Dispatch's seven defaults, then the demo's own, chosen so
/// that every question type and every number input style has answers.
enum DemoQuestion: String, CaseIterable, Sendable {
  // Dispatch's defaults, in their order (docs/formats/dispatch-v2.md#default-questions).
  case sleepQuality
  case working
  case doing
  case place
  case company
  case coffees
  case learned
  // The demo's own.
  case happiness
  case energy
  case stress
  case feelings
  case lastMeal
  case dayKind
  case fellAsleep
  case water
  case exercise

  /// The choices of "How do you feel right now?", in survey order.
  static let feelingChoices = ["Calm", "Focused", "Tired", "Stressed", "Social", "Restless"]
  /// The choices of "What kind of day is it?".
  static let dayKindChoices = ["Workday", "Weekend", "Holiday", "Sick day"]

  /// Every definition, defaults first, in survey order. Computed once: the IDs are hashes.
  static let definitions: [Question] = allCases.map(\.makeDefinition)

  /// The questions a survey of `kind` asks, in survey order.
  static func asked(in kind: ReportKind) -> [DemoQuestion] {
    allCases.filter { definitions[$0.index].appears(in: kind) }
  }

  /// The position in ``allCases`` and ``definitions``.
  var index: Int {
    Self.allCases.firstIndex(of: self) ?? 0
  }

  /// The stored question.
  var definition: Question {
    Self.definitions[index]
  }

  /// Whether the question is one of Dispatch's seven defaults, seeded rather than added.
  var isDefault: Bool {
    index < DefaultQuestions.all.count
  }

  private var makeDefinition: Question {
    let defaults = DefaultQuestions.all
    if index < defaults.count { return defaults[index] }
    // Stable across seeds, so demo stores made with different seeds share question IDs.
    let id = DeterministicUUID.make(
      namespace: DeterministicUUID.importNamespace, name: "demo|question|\(rawValue)")
    let order = index
    switch self {
    case .happiness:
      return Question(
        id: id, prompt: "How happy are you?", type: .number, sortOrder: order,
        reportKinds: [.regular, .sleep], inputStyle: .slider, inputMinimum: 1, inputMaximum: 10,
        inputStep: 1, stateOfMindKind: "mood")
    case .energy:
      return Question(
        id: id, prompt: "How energetic do you feel?", type: .number, sortOrder: order,
        reportKinds: [.regular, .wake], inputStyle: .scale, inputMinimum: 1, inputMaximum: 5,
        inputStep: 1)
    case .stress:
      return Question(
        id: id, prompt: "Stress level?", type: .number, sortOrder: order,
        inputStyle: .dial, inputMinimum: 0, inputMaximum: 10, inputStep: 1)
    case .feelings:
      return Question(
        id: id, prompt: "How do you feel right now?", type: .multipleChoice, sortOrder: order,
        choices: Self.feelingChoices, allowsMultipleSelectionSetting: true)
    case .lastMeal:
      return Question(id: id, prompt: "When did you last eat?", type: .time, sortOrder: order)
    case .dayKind:
      return Question(
        id: id, prompt: "What kind of day is it?", type: .multipleChoice, sortOrder: order,
        reportKinds: [.wake], choices: Self.dayKindChoices, allowsMultipleSelectionSetting: false)
    case .fellAsleep:
      return Question(
        id: id, prompt: "When did you fall asleep?", type: .time, sortOrder: order,
        reportKinds: [.wake])
    case .water:
      return Question(
        id: id, prompt: "Glasses of water?", type: .number, sortOrder: order,
        reportKinds: [.sleep], inputStyle: .tapCounter)
    case .exercise:
      return Question(
        id: id, prompt: "Minutes of exercise?", type: .number, sortOrder: order,
        reportKinds: [.sleep], inputStyle: .stepper, inputMinimum: 0, inputMaximum: 300,
        inputStep: 5, defaultAnswer: "0")
    case .sleepQuality, .working, .doing, .place, .company, .coffees, .learned:
      preconditionFailure("default question \(rawValue) is seeded, not defined here")
    }
  }
}

/// The demo's prompt groups: an evening reflection at 21:00 and a check-in after workouts.
enum DemoPromptGroups {
  /// "Evening reflection", daily at 21:00.
  static let evening = PromptGroup(
    id: DeterministicUUID.make(
      namespace: DeterministicUUID.importNamespace, name: "demo|prompt-group|evening"),
    name: "Evening reflection", scheduleKind: "dailyAt", sortOrder: 0,
    questionIDs: [DemoQuestion.learned.definition.id, DemoQuestion.happiness.definition.id],
    scheduledTimes: ["21:00"])

  /// "Workout check-in", when a workout ends; its "What are you doing?" answer always says
  /// "gym", which is what ties gym days to step counts in the insights.
  static let workout = PromptGroup(
    id: DeterministicUUID.make(
      namespace: DeterministicUUID.importNamespace, name: "demo|prompt-group|workout"),
    name: "Workout check-in", scheduleKind: "workoutEnd", sortOrder: 1,
    questionIDs: [
      DemoQuestion.doing.definition.id, DemoQuestion.exercise.definition.id,
      DemoQuestion.energy.definition.id,
    ])

  /// Both groups, in sort order.
  static let all = [evening, workout]

  /// The questions a group's survey asks.
  static func questions(of group: PromptGroup) -> [DemoQuestion] {
    group.questionIDs.compactMap { id in DemoQuestion.allCases.first { $0.definition.id == id } }
  }
}
