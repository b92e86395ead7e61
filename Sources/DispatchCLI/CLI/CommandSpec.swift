/// How a shell should complete a value.
enum CompletionHint: Sendable, Equatable {
  case none
  case file
  case directory
  /// A fixed set of words.
  case values([String])
  /// The names of `dispatch`'s commands (for `dispatch help`).
  case commands
}

/// One `--option` a command accepts.
struct OptionSpec: Sendable {
  /// The long name without dashes, e.g. `store`.
  let name: String
  /// A one-letter alias, e.g. `h` for `-h`.
  let short: Character?
  /// The placeholder for the value, e.g. `PATH`; nil for a flag that takes no value.
  let valueName: String?
  /// Whether the option may be given several times (values accumulate).
  let isRepeatable: Bool
  let help: String
  let completion: CompletionHint

  /// A flag: present or absent.
  static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: nil, isRepeatable: false, help: help,
      completion: .none)
  }

  /// An option that takes one value.
  static func value(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    completion: CompletionHint = .none, _ help: String
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help,
      completion: completion)
  }

  /// `--name VALUE` or `--name`, as shown in usage and help.
  var synopsis: String {
    let flagText = "--" + name
    guard let valueName else { return flagText }
    return flagText + " " + valueName
  }
}

/// One positional argument.
struct ArgumentSpec: Sendable {
  let name: String
  let help: String
  let isOptional: Bool
  /// Whether it takes every remaining positional value.
  let isVariadic: Bool
  let completion: CompletionHint

  init(
    _ name: String, _ help: String, optional: Bool = false, variadic: Bool = false,
    completion: CompletionHint = .none
  ) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isVariadic = variadic
    self.completion = completion
  }

  /// `NAME`, `[NAME]`, `NAME…` as shown in usage.
  var synopsis: String {
    var text = name
    if isVariadic { text += "…" }
    return isOptional ? "[\(text)]" : text
  }
}

/// A command of the declarative command table: help, usage, completions and the man page are
/// all generated from it.
struct CommandSpec: Sendable {
  typealias Runner = @Sendable (Invocation) throws -> Void

  let name: String
  /// One line, shown in command lists.
  let abstract: String
  /// Paragraphs shown in the command's help.
  let discussion: String?
  let arguments: [ArgumentSpec]
  let options: [OptionSpec]
  let subcommands: [CommandSpec]
  /// The subcommand run when none is named (e.g. `questions` → `questions list`).
  let defaultSubcommand: String?
  /// Whether the command accepts `--json`.
  let supportsJSON: Bool
  let examples: [String]
  let run: Runner?

  init(
    _ name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil,
    json: Bool = false, examples: [String] = [], run: Runner? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.defaultSubcommand = defaultSubcommand
    self.supportsJSON = json
    self.examples = examples
    self.run = run
  }

  /// The subcommand called `name`, if any.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}

/// Options every command accepts, before or after the subcommand.
enum GlobalOptions {
  static let store = OptionSpec.value(
    "store", "PATH", completion: .file,
    "The store file (default: $DISPATCH_STORE, else $XDG_DATA_HOME/dispatch/dispatch.sqlite)")
  static let json = OptionSpec.flag(
    "json", "Print JSON on standard output (commands that print data)")
  static let noColor = OptionSpec.flag("no-color", "Never use colour (also: NO_COLOR=1)")
  static let help = OptionSpec.flag("help", short: "h", "Show help for the command")

  static let all = [store, json, noColor, help]
}
