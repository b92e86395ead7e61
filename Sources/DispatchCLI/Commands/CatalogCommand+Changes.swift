import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch catalog add`, `submit` and `flag`: the subcommands that write.
extension CatalogCommand {
  static let outOption = OptionSpec.value(
    "out", "FILE", completion: .file,
    "Write the file here instead of $XDG_DATA_HOME/dispatch/catalog-outbox/")

  static let addSpec: CommandSpec = CommandSpec(
    "add",
    abstract: "Add a set's questions to your surveys (questions you already ask are skipped)",
    discussion: """
      Questions go at the end of the survey their tags name (wake, sleep; otherwise the \
      regular survey). A question whose prompt matches one you already have, ignoring case, \
      spacing, curly quotes and final punctuation, is skipped, so adding a set twice adds \
      nothing the second time. Everything is added in one transaction.
      """,
    arguments: [setArgument],
    options: [.flag("dry-run", "Show what would be added; change nothing"), sourceOption],
    json: true,
    examples: ["dispatch catalog add mood", "dispatch catalog add sleep --dry-run"],
    run: add)

  static let submitSpec: CommandSpec = CommandSpec(
    "submit",
    abstract: "Validate a set and write a submission file for the catalog's moderators",
    discussion: """
      Give a set file (JSON with id, title, summary and questions; see docs/catalog.md), or \
      --set-from-questions with your own questions by ID or prompt plus --id, --title and \
      --summary. The set is checked against every catalog rule first. At most 5 submissions \
      in 24 hours are written from one store (exit 75 beyond that).
      """,
    arguments: [
      ArgumentSpec(
        "FILE_OR_QUESTIONS", "A set file, or questions with --set-from-questions", variadic: true,
        completion: .file)
    ],
    options: [
      .flag("set-from-questions", "Build the set from your questions named by the arguments"),
      .value("id", "SLUG", "The set's ID, e.g. evening-review (lowercase, digits, hyphens)"),
      .value("title", "TEXT", "The set's title"),
      .value("summary", "TEXT", "One or two sentences on what the set is for"),
      .value("tag", "TAG", repeatable: true, "A tag for the set (repeatable)"),
      .value("language", "TAG", "The set's language tag (default: en)"),
      .value("credit", "NAME", "Credit the set to this name (at most 50 characters)"),
      outOption,
    ],
    json: true,
    examples: [
      "dispatch catalog submit my-set.json --credit 'Ada L.'",
      "dispatch catalog submit --set-from-questions 'How happy are you?' 'How energetic do you feel?' --id mood-energy --title 'Mood and energy' --summary 'Two quick ratings for any day.'",
    ],
    run: submit)

  static let flagSpec: CommandSpec = CommandSpec(
    "flag",
    abstract: "Write a flag file reporting a set as wrong or abusive",
    arguments: [setArgument],
    options: [
      .value("reason", "TEXT", "What is wrong with the set (required, at most 500 characters)"),
      outOption, sourceOption,
    ],
    json: true,
    examples: ["dispatch catalog flag work --reason 'Question 3 has a typo'"],
    run: flag)

  static func add(_ invocation: Invocation) throws {
    let entry = try library(invocation).entry(id: try setID(invocation))
    let dryRun = invocation.flag("dry-run")
    let store = try invocation.openStore(dryRun ? .read : .write)
    let result = try store.questions.addCatalogSet(
      entry.set, dryRun: dryRun, environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("set", result.setID)
      object.set("dryRun", result.isDryRun)
      object.set(
        "added",
        .array(
          result.added.map { .object([("id", .string($0.id)), ("prompt", .string($0.prompt))]) }))
      object.set(
        "skipped",
        .array(
          result.skipped.map {
            .object([("prompt", .string($0.prompt)), ("existingID", .string($0.existingID))])
          }))
      invocation.printJSON(object.value)
      return
    }
    let verb = dryRun ? "Would add" : "Added"
    let count = result.added.count == 1 ? "1 question" : "\(result.added.count) questions"
    var line = "\(verb) \(count) from '\(result.setID)'"
    if !result.skipped.isEmpty { line += "; skipped \(result.skipped.count) you already ask" }
    invocation.stdout.line(line + (dryRun ? ". Nothing was changed." : "."))
    for question in result.added { invocation.stdout.line("  + " + question.prompt) }
    for skip in result.skipped {
      let same = skip.existingPrompt == skip.prompt ? "" : " (as '\(skip.existingPrompt)')"
      invocation.stdout.line(invocation.style.dim("  = \(skip.prompt)\(same)"))
    }
  }

  static func submit(_ invocation: Invocation) throws {
    let arguments = invocation.parsed.positionals
    let store = try invocation.openStore(.write)
    var set: CatalogSet
    if invocation.flag("set-from-questions") {
      guard !arguments.isEmpty else {
        throw invocation.usage(
          "name at least one question (ID or prompt) after --set-from-questions")
      }
      guard let id = invocation.value("id"), let title = invocation.value("title"),
        let summary = invocation.value("summary")
      else { throw invocation.usage("--set-from-questions needs --id, --title and --summary") }
      let questions = try arguments.map { try store.questions.question(matching: $0) }
      set = CatalogSet.draft(id: id, title: title, summary: summary, questions: questions)
    } else {
      guard arguments.count == 1, let path = arguments.first else {
        throw invocation.usage("give one set FILE, or --set-from-questions QUESTION…")
      }
      let url = URL(
        fileURLWithPath: path,
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/"))
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw CLIError(.noInput, "cannot read the set file '\(path)'")
      }
      set = try CatalogSet.parse([UInt8](data), file: path)
      if let id = invocation.value("id") { set.id = id }
      if let title = invocation.value("title") { set.title = title }
      if let summary = invocation.value("summary") { set.summary = summary }
    }
    if !invocation.values("tag").isEmpty { set.tags = invocation.values("tag") }
    if let language = invocation.value("language") { set.language = language }
    if let credit = invocation.value("credit") { set.credit = credit }
    let outbox = CatalogOutbox(folder: outboxFolder(invocation.environment))
    let (submission, file) = try outbox.submit(
      set, store: store, destination: outURL(invocation), environment: invocation.runEnvironment)
    let throttle = SubmissionThrottle(
      storedText: try store.settings.setting(CatalogOutbox.SettingKey.submissions))
    let now = invocation.runEnvironment.now()
    let remaining = SubmissionThrottle.limit - throttle.recent(at: now).count
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("id", submission.id)
      object.set("set", submission.set.id)
      object.set("questionCount", submission.set.questions.count)
      object.set("file", file.path)
      object.set("remainingToday", remaining)
      invocation.printJSON(object.value)
      return
    }
    let count = submission.set.questions.count
    invocation.stdout.line(
      "Wrote submission \(DisplayID.short(submission.id)) (set '\(submission.set.id)', \(count) question\(count == 1 ? "" : "s")) to \(file.path)."
    )
    let limit =
      throttle.nextAllowed(at: now).map {
        "No more submissions are possible until \($0.iso8601Seconds)."
      }
      ?? "\(remaining) more submission\(remaining == 1 ? " is" : "s are") possible in the next 24 hours."
    invocation.stdout.line("Send the file to the catalog's moderators. " + limit)
  }

  static func flag(_ invocation: Invocation) throws {
    guard let reason = invocation.value("reason") else {
      throw invocation.usage("missing --reason: say what is wrong with the set")
    }
    let entry = try library(invocation).entry(id: try setID(invocation))
    let store = try invocation.openStore(.write)
    let outbox = CatalogOutbox(folder: outboxFolder(invocation.environment))
    let (flag, file) = try outbox.flag(
      entry, reason: reason, store: store, destination: outURL(invocation),
      environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("id", .string(flag.id)), ("set", .string(flag.setID)), ("file", .string(file.path)),
        ]))
      return
    }
    invocation.stdout.line(
      "Wrote flag \(DisplayID.short(flag.id)) for set '\(flag.setID)' to \(file.path).")
    invocation.stdout.line("Send the file to the catalog's moderators.")
  }

  /// `$XDG_DATA_HOME/dispatch/catalog-outbox`.
  static func outboxFolder(_ environment: [String: String]) -> URL {
    URL(
      fileURLWithPath: StoreLocation.dataDirectory(environment: environment) + "/catalog-outbox",
      isDirectory: true)
  }

  /// `--out` as an absolute file URL.
  static func outURL(_ invocation: Invocation) -> URL? {
    guard let path = invocation.value("out"), !path.isEmpty else { return nil }
    return URL(
      fileURLWithPath: path.hasPrefix("/")
        ? path : FileManager.default.currentDirectoryPath + "/" + path)
  }
}
