import DispatchCommandLine
import DispatchKit

/// `dispatch questions …`: list and manage the questions.
enum QuestionsCommand {
  static let spec: CommandSpec = CommandSpec(
    "questions",
    abstract: "List and manage questions",
    subcommands: [
      listSpec, QuestionEditing.addSpec, QuestionEditing.editSpec, removeSpec, enableSpec,
      disableSpec, moveSpec,
    ],
    defaultSubcommand: "list")

  static let questionArgument = ArgumentSpec(
    "QUESTION", "A prompt, question ID or unique ID prefix")

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List every question, disabled ones included, in survey order",
    json: true,
    examples: ["dispatch questions list", "dispatch questions list --json"],
    run: list)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove",
    abstract: "Remove a question (filed answers stay in their reports)",
    arguments: [questionArgument],
    run: { invocation in
      let store = try invocation.openStore(.write)
      let question = try store.questions.question(matching: invocation.positional(0) ?? "")
      try store.questions.removeQuestion(id: question.id)
      invocation.stdout.line("Removed '\(question.prompt)'. Its filed answers are kept.")
    })

  static let enableSpec: CommandSpec = CommandSpec(
    "enable", abstract: "Ask a question again in its surveys", arguments: [questionArgument],
    run: { try setEnabled($0, true) })

  static let disableSpec: CommandSpec = CommandSpec(
    "disable", abstract: "Stop asking a question (its answers are kept)",
    arguments: [questionArgument], run: { try setEnabled($0, false) })

  static let moveSpec: CommandSpec = CommandSpec(
    "move",
    abstract: "Move a question to a position in the survey order",
    arguments: [questionArgument, ArgumentSpec("POSITION", "The new 1-based position")],
    examples: ["dispatch questions move 'Who are you with?' 1"],
    run: { invocation in
      let store = try invocation.openStore(.write)
      let question = try store.questions.question(matching: invocation.positional(0) ?? "")
      let text = invocation.positional(1) ?? ""
      guard let position = Int(text) else {
        throw invocation.usage("'\(text)' is not a position: expected a whole number")
      }
      try store.questions.moveQuestion(id: question.id, toPosition: position)
      invocation.stdout.line("Moved '\(question.prompt)' to position \(position).")
    })

  static func setEnabled(_ invocation: Invocation, _ enabled: Bool) throws {
    let store = try invocation.openStore(.write)
    var question = try store.questions.question(matching: invocation.positional(0) ?? "")
    question.isEnabled = enabled
    try store.questions.updateQuestion(question)
    invocation.stdout.line("\(enabled ? "Enabled" : "Disabled") '\(question.prompt)'.")
  }

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let questions = try store.questions.list()
    if invocation.wantsJSON {
      invocation.printJSON(.array(questions.map(\.jsonValue)))
      return
    }
    guard !questions.isEmpty else {
      invocation.stdout.line(
        "No questions yet. Add one with 'dispatch questions add PROMPT --type TYPE'.")
      return
    }
    let style = invocation.style
    for (index, question) in questions.enumerated() {
      var details = [question.type.caseName]
      if !question.choices.isEmpty { details.append(question.choices.joined(separator: "/")) }
      if let inputStyle = question.inputStyle, inputStyle != .textField {
        let config = question.numberConfig
        let upper = config.isBounded ? AnswerParser.format(config.maximum) : "∞"
        details.append("\(inputStyle.rawValue) \(AnswerParser.format(config.minimum))–\(upper)")
      }
      if question.type == .number, let placeholder = question.placeholder,
        case .success(let labels) = ScaleLabels.parse(placeholder)
      {
        details.append(labels.text)
      }
      let kinds = question.reportKinds.map(\.rawValue)
      if kinds != ["regular"] { details.append(kinds.joined(separator: "+")) }
      let state = question.isEnabled ? "" : style.yellow(" (disabled)")
      invocation.stdout.line(
        "\(String(index + 1).leftPadded(to: 3)). \(style.bold(question.prompt))\(state)")
      invocation.stdout.line(
        "     " + style.dim(details.joined(separator: " · ") + " · " + DisplayID.short(question.id))
      )
    }
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
