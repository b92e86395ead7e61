import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch questions add` and `edit`: the definition options they share.
enum QuestionEditing {
  static let kindsOption = Option<[ReportKind]>.typed(
    "kinds", "KINDS", completion: .values(["regular", "wake", "sleep"]),
    "Surveys the question appears in, comma-separated (default: regular)"
  ) { text throws(OptionValueError) in
    try AnswerParser.list(text).map { name throws(OptionValueError) in
      let kind = ReportKind(rawValue: name.lowercased())
      guard kind.isKnown else {
        throw OptionValueError("'\(name)' is not a survey kind: use regular, wake or sleep")
      }
      return kind
    }
  }
  static let minimumOption = Option<Double>.number(
    "min", "N", "Smallest number (style default otherwise)")
  static let maximumOption = Option<Double>.number(
    "max", "N", "Largest number (style default otherwise)")
  static let stepOption = Option<Double>.number(
    "step", "N", "Number step (style default otherwise)")

  static let typeNames = QuestionType.allCases.map(\.caseName)
  static let styleNames = NumberInputStyle.allCases.map(\.rawValue)

  static let definitionOptions: [OptionSpec] = [
    .value(
      "choices", "A,B,C",
      "Choices of a multipleChoice or yesNo question, comma-separated"),
    kindsOption.spec,
    .value("placeholder", "TEXT", "Hint shown in an empty answer field"),
    .value(
      "style", "STYLE", completion: .values(styleNames),
      "Number input: textField, slider, stepper, dial, tapCounter or scale"),
    minimumOption.spec, maximumOption.spec, stepOption.spec,
    .value("default", "VALUE", "Number filed when the answer is left empty"),
    .value(
      "labels", "N=TEXT,…",
      "What points of a number question mean, e.g. '1=exhausted,5=fully rested'; shown with the scale"
    ),
    .flag("multiple", "Allow choosing several options of a multipleChoice question"),
    .flag("single", "Allow choosing one option only (the default for new questions)"),
    .value(
      "visualization", "STYLE", completion: .values(["proportion", "graph", "frequency"]),
      "Chart style: proportion, graph or frequency"),
    .value("state-of-mind", "KIND", "Map answers to a state of mind, e.g. mood or anxiety"),
    .flag("disabled", "Add the question switched off"),
  ]

  static let addSpec: CommandSpec = CommandSpec(
    "add",
    abstract: "Add a question at the end of the survey",
    arguments: [ArgumentSpec("PROMPT", "The question as it is asked")],
    options: [
      .value(
        "type", "TYPE", completion: .values(typeNames),
        "tokens, multipleChoice, yesNo, location, people, number, note or time (required)"),
      .value("id", "ID", "Use this ID instead of a new UUID"),
    ] + definitionOptions,
    json: true,
    examples: [
      "dispatch questions add 'How focused are you?' --type number --style slider --min 1 --max 10",
      "dispatch questions add 'Where did you sleep?' --type location --kinds wake",
      "dispatch questions add 'Energy?' --type multipleChoice --choices Low,Medium,High",
      "dispatch questions add 'What helped today?' --type multipleChoice --choices Sleep,Exercise,Friends --multiple",
      "dispatch questions add 'How rested do you feel?' --type number --style scale --min 1 --max 5 --labels '1=exhausted,5=fully rested'",
    ],
    run: add)

  static let editSpec: CommandSpec = CommandSpec(
    "edit",
    abstract: "Change a question's prompt, type, choices or number input",
    arguments: [QuestionsCommand.questionArgument],
    options: [
      .value("prompt", "TEXT", "The new prompt"),
      .value("type", "TYPE", completion: .values(typeNames), "The new type"),
      .flag("enabled", "Switch the question on"),
    ] + definitionOptions,
    json: true,
    examples: [
      "dispatch questions edit 'feel right now' --choices Calm,Focused,Tired,Stressed,Social,Wired",
      "dispatch questions edit 'How energetic' --labels '1=drained,5=full of energy'",
    ],
    run: edit)

  static func add(_ invocation: Invocation) throws {
    guard let typeName = invocation.value("type") else {
      throw invocation.usage("missing --type (one of \(typeNames.joined(separator: ", ")))")
    }
    var question = Question(
      id: invocation.value("id") ?? "", prompt: invocation.positional(0) ?? "",
      type: try type(typeName, invocation))
    try apply(invocation, to: &question)
    chooseSingleByDefault(&question)
    let store = try invocation.openStore(.write)
    try refuseTakenPrompt(question, in: store)
    let added = try store.questions.addQuestion(question)
    report(added, verb: "Added", invocation)
  }

  /// A prompt another question already has would make `--answer PROMPT=…` ambiguous.
  static func refuseTakenPrompt(_ question: Question, in store: DispatchStore) throws {
    let prompt = question.prompt.trimmingCharacters(in: .whitespaces).lowercased()
    if let other = try store.questions.list().first(where: {
      $0.id != question.id && $0.prompt.trimmingCharacters(in: .whitespaces).lowercased() == prompt
    }) {
      throw DispatchError(
        .conflict, "question \(DisplayID.short(other.id)) already asks '\(other.prompt)'")
    }
  }

  static func edit(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    var question = try store.questions.question(matching: invocation.positional(0) ?? "")
    if let prompt = invocation.value("prompt") {
      question.prompt = prompt
      try refuseTakenPrompt(question, in: store)
    }
    // A question becoming multiple choice is new to it, so it gets the default of new ones;
    // one that already was keeps its setting, absent or not.
    var becomesMultipleChoice = false
    if let typeName = invocation.value("type") {
      let wasMultipleChoice = question.type == .multipleChoice
      question.type = try type(typeName, invocation)
      becomesMultipleChoice = !wasMultipleChoice && question.type == .multipleChoice
      if becomesMultipleChoice { question.allowsMultipleSelectionSetting = nil }
      // Settings the new type cannot have are dropped rather than left to fail validation.
      if ![.multipleChoice, .yesNo].contains(question.type) { question.choices = [] }
      if question.type != .number {
        question.inputStyle = nil
        question.defaultAnswer = nil
      }
    }
    if invocation.flag("enabled") { question.isEnabled = true }
    try apply(invocation, to: &question)
    if becomesMultipleChoice { chooseSingleByDefault(&question) }
    try store.questions.updateQuestion(question)
    report(question, verb: "Updated", invocation)
  }

  /// New multiple-choice questions take one option unless `--multiple` says otherwise: a
  /// single answer is the common case. Only a question without a setting is changed, so
  /// imported questions, whose setting is absent when they allow several, keep their meaning.
  private static func chooseSingleByDefault(_ question: inout Question) {
    if question.type == .multipleChoice && question.allowsMultipleSelectionSetting == nil {
      question.allowsMultipleSelectionSetting = false
    }
  }

  private static func report(_ question: Question, verb: String, _ invocation: Invocation) {
    if invocation.wantsJSON {
      invocation.printJSON(question.jsonValue)
    } else {
      invocation.stdout.line(
        "\(verb) '\(question.prompt)' (\(question.type.caseName), position \(question.sortOrder + 1)) · \(DisplayID.short(question.id))"
      )
    }
  }

  private static func type(_ name: String, _ invocation: Invocation) throws(CLIError)
    -> QuestionType
  {
    guard let type = QuestionType(caseName: name) else {
      var message = "'\(name)' is not a question type"
      if let close = Suggestion.closest(to: name, in: typeNames) {
        message += "; did you mean '\(close)'?"
      } else {
        message += "; use one of \(typeNames.joined(separator: ", "))"
      }
      throw invocation.usage(message)
    }
    return type
  }

  /// Applies the shared definition options to `question`.
  private static func apply(_ invocation: Invocation, to question: inout Question) throws {
    if let choices = invocation.value("choices") { question.choices = AnswerParser.list(choices) }
    if let kinds = invocation.value(kindsOption) { question.reportKinds = kinds }
    if let placeholder = invocation.value("placeholder") { question.placeholder = placeholder }
    if let styleName = invocation.value("style") {
      guard
        let style = NumberInputStyle.allCases.first(where: {
          $0.rawValue.lowercased() == styleName.lowercased()
        })
      else {
        throw invocation.usage(
          "'\(styleName)' is not a number input style; use one of \(styleNames.joined(separator: ", "))"
        )
      }
      question.inputStyle = style == .textField ? nil : style
    }
    if let minimum = invocation.value(minimumOption) { question.inputMinimum = minimum }
    if let maximum = invocation.value(maximumOption) { question.inputMaximum = maximum }
    if let step = invocation.value(stepOption) { question.inputStep = step }
    if let fallback = invocation.value("default") {
      guard Double(fallback) != nil else {
        throw invocation.usage("'\(fallback)' is not valid for --default: expected a number")
      }
      question.defaultAnswer = fallback
    }
    if invocation.flag("multiple") && invocation.flag("single") {
      throw invocation.usage("--multiple and --single contradict each other")
    }
    if invocation.flag("multiple") { question.allowsMultipleSelectionSetting = true }
    if invocation.flag("single") { question.allowsMultipleSelectionSetting = false }
    if let name = invocation.value("visualization") {
      guard let style = VisualizationStyle(rawValue: name) else {
        throw invocation.usage(
          "'\(name)' is not a visualization: use proportion, graph or frequency")
      }
      question.visualization = style
    }
    if let kind = invocation.value("state-of-mind") { question.stateOfMindKind = kind }
    if invocation.flag("disabled") { question.isEnabled = false }
    try applyLabels(invocation, to: &question)
  }

  /// `--labels`, checked against the range the other options left the question with.
  private static func applyLabels(_ invocation: Invocation, to question: inout Question) throws {
    guard let text = invocation.value("labels") else { return }
    guard invocation.value("placeholder") == nil else {
      throw invocation.usage("--labels and --placeholder both set the question's hint; give one")
    }
    guard question.type == .number else {
      throw invocation.usage(
        "--labels is for number questions; '\(question.prompt)' is \(question.type.caseName)")
    }
    let labels: ScaleLabels
    switch ScaleLabels.parse(text) {
    case .success(let parsed): labels = parsed
    case .failure(let problem): throw invocation.usage(problem.message)
    }
    if let problem = labels.problem(in: question.numberConfig) {
      throw invocation.usage(problem.message)
    }
    question.placeholder = labels.text
  }
}
