import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch catalog …`: browse the question-set catalog, add a set's questions, submit a set
/// and flag one (docs/catalog.md).
enum CatalogCommand {
  static let setArgument = ArgumentSpec("SET", "A set ID from 'dispatch catalog list'")
  static let sourceOption = OptionSpec.value(
    "source", "PATH_OR_URL", completion: .file,
    "Read this catalog instead of the catalog-url setting (a folder, a file or a URL)")

  static let spec: CommandSpec = CommandSpec(
    "catalog",
    abstract: "Browse and add community question sets; submit or flag a set",
    discussion: """
      The catalog is the built-in starter sets plus the sets of the index named by the \
      catalog-url setting ('dispatch settings set catalog-url PATH_OR_URL'): a folder holding \
      index.json, an index file, or an http(s) URL. 'submit' and 'flag' only write files, into \
      $XDG_DATA_HOME/dispatch/catalog-outbox/ unless --out says otherwise; send them to the \
      catalog's moderators yourself. See docs/catalog.md.
      """,
    subcommands: [listSpec, showSpec, addSpec, submitSpec, flagSpec],
    defaultSubcommand: "list",
    examples: [
      "dispatch catalog list", "dispatch catalog show mood", "dispatch catalog add sleep",
      "dispatch settings set catalog-url https://example.org/dispatch-catalog/index.json",
    ])

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List the question sets",
    options: [.value("tag", "TAG", "Only sets with this tag"), sourceOption],
    json: true,
    examples: ["dispatch catalog list", "dispatch catalog list --tag research --json"],
    run: list)

  static let showSpec: CommandSpec = CommandSpec(
    "show",
    abstract: "Show a set and its questions",
    arguments: [setArgument],
    options: [sourceOption],
    json: true,
    examples: ["dispatch catalog show ema-affect-context"],
    run: show)

  static func list(_ invocation: Invocation) throws {
    let library = try library(invocation)
    let entries = library.entries(tagged: invocation.value("tag"))
    if invocation.wantsJSON {
      invocation.printJSON(.object([("sets", .array(entries.map(summaryJSON)))]))
      return
    }
    guard !entries.isEmpty else {
      invocation.stdout.line("No question sets tagged '\(invocation.value("tag") ?? "")'.")
      return
    }
    let width = entries.map(\.set.id.count).max() ?? 0
    for entry in entries {
      let set = entry.set
      let count = set.questions.count == 1 ? "1 question" : "\(set.questions.count) questions"
      var line =
        "\(invocation.style.bold(set.id.padding(toLength: width, withPad: " ", startingAt: 0)))  \(set.title)"
      line += invocation.style.dim(" · \(count)")
      if !set.tags.isEmpty {
        line += invocation.style.dim(" · " + set.tags.joined(separator: ", "))
      }
      if entry.origin != CatalogLibrary.builtInOrigin {
        line += invocation.style.dim(" · \(entry.origin)")
      }
      invocation.stdout.line(line)
    }
    invocation.stdout.line(
      "'dispatch catalog show SET' lists a set's questions; 'dispatch catalog add SET' adds them.")
  }

  static func show(_ invocation: Invocation) throws {
    let entry = try library(invocation).entry(id: try setID(invocation))
    let set = entry.set
    if invocation.wantsJSON {
      guard case .object(var members) = set.jsonValue else { return }
      members.append(("origin", .string(entry.origin)))
      invocation.printJSON(.object(members))
      return
    }
    let style = invocation.style
    invocation.stdout.line(
      style.bold(set.title) + " (\(set.id), version \(set.version), \(set.language))")
    invocation.stdout.line(set.summary)
    var facts: [String] = []
    if !set.tags.isEmpty { facts.append("Tags: " + set.tags.joined(separator: ", ")) }
    if let credit = set.credit { facts.append("Credit: " + credit) }
    facts.append("From: " + entry.origin)
    invocation.stdout.line(style.dim(facts.joined(separator: " · ")))
    for (offset, question) in set.questions.enumerated() {
      invocation.stdout.line("\(String(offset + 1).leftPadded(to: 3)). \(question.prompt)")
      invocation.stdout.line("     " + style.dim(details(question)))
    }
  }

  // MARK: - Shared pieces

  /// The SET argument.
  static func setID(_ invocation: Invocation) throws -> String {
    guard let id = invocation.positional(0), !id.isEmpty else {
      throw invocation.usage("missing SET: a set ID from 'dispatch catalog list'")
    }
    return id
  }

  /// The built-in sets and those of `--source` or the `catalog-url` setting.
  static func library(_ invocation: Invocation) throws -> CatalogLibrary {
    let loader = CatalogLoader(
      fetch: HTTPClient(environment: invocation.environment).catalogFetch(),
      cacheFolder: cacheFolder(invocation.environment))
    let library = try CatalogLibrary.load(source: try source(invocation), loader: loader)
    if let note = library.cacheNote {
      invocation.note("dispatch: warning: \(note); showing the copy cached at the last fetch")
    }
    return library
  }

  /// `--source` (a relative path is taken from the working directory), else the setting of
  /// an existing store; nil: the built-in sets only. A missing store is not created.
  static func source(_ invocation: Invocation) throws -> CatalogSource? {
    if let option = invocation.value("source"), !option.isEmpty {
      let absolute =
        option.contains("://") || option.hasPrefix("/")
        ? option : FileManager.default.currentDirectoryPath + "/" + option
      return try CatalogSource(setting: absolute)
    }
    guard FileManager.default.fileExists(atPath: invocation.storePath) else { return nil }
    let settings = try ScheduleSettings.load(from: try invocation.openStore(.read))
    return try settings.catalogURL.map { try CatalogSource(setting: $0) }
  }

  /// `$XDG_CACHE_HOME/dispatch/catalog` (default `~/.cache/dispatch/catalog`).
  static func cacheFolder(_ environment: [String: String]) -> URL {
    URL(fileURLWithPath: CacheFolder.path(environment) + "/catalog", isDirectory: true)
  }

  /// A question's type and settings in one line, e.g. `number · scale 1–5`.
  static func details(_ question: CatalogQuestion) -> String {
    var parts = [question.type.caseName]
    if !question.choices.isEmpty { parts.append(question.choices.joined(separator: " / ")) }
    if let style = question.inputStyle {
      let config = style.resolvedConfig(
        minimum: question.inputMin, maximum: question.inputMax, step: question.inputStep)
      let upper = config.isBounded ? AnswerParser.format(config.maximum) : "∞"
      parts.append("\(style.rawValue) \(AnswerParser.format(config.minimum))–\(upper)")
    }
    let surveys = question.tags.filter { ["wake", "sleep"].contains($0) }
    if !surveys.isEmpty { parts.append(surveys.joined(separator: "+") + " survey") }
    if let placeholder = question.placeholder { parts.append("“\(placeholder)”") }
    return parts.joined(separator: " · ")
  }

  static func summaryJSON(_ entry: CatalogLibrary.Entry) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", entry.set.id)
    object.set("title", entry.set.title)
    object.set("summary", entry.set.summary)
    object.set("tags", .array(entry.set.tags.map(JSONValue.string)))
    object.set("credit", entry.set.credit)
    object.set("language", entry.set.language)
    object.set("version", entry.set.version)
    object.set("questionCount", entry.set.questions.count)
    object.set("origin", entry.origin)
    return object.value
  }
}
